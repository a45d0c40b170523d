import type { Chat } from '@rumbo/contract';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, PanelLeftClose, Pencil, SquarePen } from 'lucide-react';
import { useId, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { copy } from '../../../config/copy.es.ts';
import { chatQueryKeys } from '../api/chat-list.ts';
import { IconButton } from './icon-button.tsx';
import { DeleteChatDialog, RenameChatDialog } from './thread-dialogs.tsx';
import { ThreadMenu } from './thread-menu.tsx';
import { ThreadSearchBox, ThreadSearchResults } from './thread-search.tsx';

const t = chatCopy.sidebar;

export interface ChatSidebarProps {
  chats: readonly Chat[] | undefined;
  /** Older threads to load (the list comes in pages), or null when all are shown. */
  more: { loading: boolean; load: () => void } | null;
  currentId: number;
  overlay: boolean;
  onSelect: (chat: Chat) => void;
  onNewChat: () => void;
  onEdit: () => void;
  onClose: () => void;
}

/** The cached pages of the thread list with one thread changed (renamed) or taken out (null). */
function updateList(
  list: InfiniteData<Chat[], unknown> | undefined,
  chatId: number,
  change: Chat | null,
): InfiniteData<Chat[], unknown> | undefined {
  if (!list) return list;
  return {
    ...list,
    pages: list.pages.map((page) =>
      change
        ? page.map((chat) => (chat.id === chatId ? change : chat))
        : page.filter((chat) => chat.id !== chatId),
    ),
  };
}

/**
 * product.md §2.6: thread history with titles, 'Nuevo chat', 'Editar' and close. Below 768 px it is a
 * drawer over the conversation: a modal dialog (the house Modal) that slides in from the left, traps
 * focus, closes with Escape or a press on its backdrop and gives focus back to the button that opened it.
 * It also holds a search over titles and messages, and each thread's menu (rename, export as Markdown,
 * delete).
 */
export function ChatSidebar({
  chats,
  more,
  currentId,
  overlay,
  onSelect,
  onNewChat,
  onEdit,
  onClose,
}: ChatSidebarProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<Chat | null>(null);
  const [deleting, setDeleting] = useState<Chat | null>(null);
  // The threads' business (the list is one business's): what the search and the menus call.
  const businessId = chats?.[0]?.business_id;

  /** After a rename or a deletion: the list shows it at once, and old search results are dropped. */
  const changed = (chat: Chat, change: Chat | null) => {
    queryClient.setQueryData<InfiniteData<Chat[], unknown>>(chatQueryKeys.list(chat.business_id), (list) =>
      updateList(list, chat.id, change),
    );
    void queryClient.invalidateQueries({ queryKey: chatQueryKeys.list(chat.business_id) });
    void queryClient.invalidateQueries({ queryKey: ['businesses', chat.business_id, 'chats', 'search'] });
  };

  const panel = (
    <nav
      aria-label={t.label}
      className={`flex h-full w-72 max-w-[85vw] shrink-0 flex-col border-r border-slate-200 bg-white ${overlay ? 'shadow-xl' : ''}`}
    >
      <div className="flex items-center gap-2 p-3">
        <button
          type="button"
          onClick={onNewChat}
          className="flex min-h-10 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <SquarePen className="size-4" aria-hidden="true" />
          {t.newChat}
        </button>
        <button
          type="button"
          onClick={onEdit}
          className="flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t.edit}
        </button>
        {/* The panel icon tells it apart from the header's X, which leaves the chat. */}
        <IconButton onClick={onClose} label={t.close}>
          <PanelLeftClose className="size-5" aria-hidden="true" />
        </IconButton>
      </div>
      {businessId !== undefined ? <ThreadSearchBox value={search} onChange={setSearch} /> : null}
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {businessId !== undefined && search.trim() !== '' ? (
          <ThreadSearchResults
            businessId={businessId}
            query={search}
            untitled={t.untitled}
            onSelect={(chat) => {
              setSearch('');
              onSelect(chat);
            }}
          />
        ) : chats === undefined ? (
          <div role="status" aria-label={copy.common.loading} className="space-y-2 px-1 py-2">
            {[0, 1, 2].map((key) => (
              <div key={key} className="h-9 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        ) : chats.length === 0 ? (
          <p className="px-2 py-3 text-sm text-slate-500">{t.empty}</p>
        ) : (
          <ul className="space-y-0.5">
            {chats.map((chat) => (
              <li
                key={chat.id}
                className={`flex items-center rounded-lg ${
                  chat.id === currentId
                    ? 'bg-brand-50 font-semibold text-brand-800'
                    : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                <button
                  type="button"
                  onClick={() => onSelect(chat)}
                  aria-current={chat.id === currentId ? 'true' : undefined}
                  className="flex min-h-10 min-w-0 flex-1 items-center gap-2 rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <MessageSquare className="size-4 shrink-0 opacity-60" aria-hidden="true" />
                  <span className="truncate">{chat.title || t.untitled}</span>
                </button>
                <ThreadMenu
                  chat={chat}
                  title={chat.title || t.untitled}
                  onRename={() => setRenaming(chat)}
                  onDelete={() => setDeleting(chat)}
                />
              </li>
            ))}
          </ul>
        )}
        {more ? (
          <button
            type="button"
            onClick={more.load}
            disabled={more.loading}
            className="mt-2 flex min-h-10 w-full items-center justify-center rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-500"
          >
            {more.loading ? t.loadingMore : t.loadMore}
          </button>
        ) : null}
      </div>
      {renaming ? (
        <RenameChatDialog
          chat={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={(chat) => {
            changed(renaming, chat);
            setRenaming(null);
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteChatDialog
          chat={deleting}
          title={deleting.title || t.untitled}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            changed(deleting, null);
            setDeleting(null);
            // Deleting the open thread leaves the user on a new, empty chat.
            if (deleting.id === currentId) onNewChat();
          }}
        />
      ) : null}
    </nav>
  );
  if (!overlay) return panel;
  // The dialog's name is the history's, read out as it opens; the buttons already say what it is to the eye.
  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      closeOnBackdrop
      className="bg-slate-900/40"
      panelClassName="flex animate-drawer-in motion-reduce:animate-none"
    >
      <h2 id={titleId} className="sr-only">
        {t.label}
      </h2>
      {panel}
    </Modal>
  );
}

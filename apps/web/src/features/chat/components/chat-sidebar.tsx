import type { Chat } from '@rumbo/contract';
import { MessageSquare, Pencil, SquarePen, X } from 'lucide-react';
import { useEffect } from 'react';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { copy } from '../../../config/copy.es.ts';
import { IconButton } from './icon-button.tsx';

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

/**
 * Spec §2.6: thread history with titles, 'Nuevo chat', 'Editar' and close. Below 768 px it lies over
 * the conversation (with a backdrop that also closes it).
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
  // As an overlay it closes with Escape, like any dialog-like panel.
  useEffect(() => {
    if (!overlay) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlay, onClose]);

  const panel = (
    <nav
      aria-label={t.label}
      className={`flex h-full w-72 max-w-[85vw] shrink-0 flex-col border-r border-slate-200 bg-white ${overlay ? 'fixed inset-y-0 left-0 z-40 shadow-xl' : ''}`}
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
        <IconButton onClick={onClose} label={t.close}>
          <X className="size-5" aria-hidden="true" />
        </IconButton>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {chats === undefined ? (
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
              <li key={chat.id}>
                <button
                  type="button"
                  onClick={() => onSelect(chat)}
                  aria-current={chat.id === currentId ? 'true' : undefined}
                  className={`flex min-h-10 w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${
                    chat.id === currentId
                      ? 'bg-brand-50 font-semibold text-brand-800'
                      : 'text-slate-700 hover:bg-slate-100'
                  }`}
                >
                  <MessageSquare className="size-4 shrink-0 opacity-60" aria-hidden="true" />
                  <span className="truncate">{chat.title || t.untitled}</span>
                </button>
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
    </nav>
  );
  if (!overlay) return panel;
  return (
    <>
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        onClick={onClose}
        className="fixed inset-0 z-30 bg-slate-900/40"
      />
      {panel}
    </>
  );
}

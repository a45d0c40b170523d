import type { Chat } from '@rumbo/contract';
import { Download, Ellipsis, PencilLine, Trash2 } from 'lucide-react';
import { ActionMenu } from '../../../components/action-menu.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { exportChatUrl } from '../api/chat-actions.ts';

const t = chatCopy.threads;

/** A thread's menu in the sidebar: rename, export as Markdown (a download), delete. */
export function ThreadMenu({
  chat,
  title,
  onRename,
  onDelete,
}: {
  chat: Chat;
  title: string;
  onRename: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="shrink-0">
      <ActionMenu
        label={t.menu(title)}
        icon={Ellipsis}
        buttonClassName="flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-200 hover:text-slate-800"
        menuClassName="w-60"
        actions={[
          { label: t.rename, icon: PencilLine, onSelect: onRename },
          { label: t.export, icon: Download, href: exportChatUrl(chat.business_id, chat.id), download: true },
          { label: t.delete, icon: Trash2, onSelect: onDelete, danger: true },
        ]}
      />
    </div>
  );
}

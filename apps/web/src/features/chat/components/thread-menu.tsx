import type { Chat } from '@rumbo/contract';
import { Download, Ellipsis, PencilLine, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { exportChatUrl } from '../api/chat-actions.ts';

const t = chatCopy.threads;

const itemClass =
  'flex min-h-10 w-full items-center gap-2 rounded-md px-3 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * A thread's menu in the sidebar: rename, export as Markdown, delete. A menu button (WAI-ARIA): the
 * arrow keys move between its items, Escape closes it and gives focus back to its button.
 */
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
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => menuItems(menuRef.current);
  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      // Only the menu closes, not the sidebar around it.
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t.menu(title)}
        title={t.menu(title)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Ellipsis className="size-4" aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t.menu(title)}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          className="absolute right-0 top-full z-20 mt-1 w-60 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={choose(onRename)}
            className={itemClass}
          >
            <PencilLine className="size-4 text-slate-500" aria-hidden="true" />
            {t.rename}
          </button>
          <a
            role="menuitem"
            tabIndex={-1}
            href={exportChatUrl(chat.business_id, chat.id)}
            download
            onClick={() => setOpen(false)}
            className={itemClass}
          >
            <Download className="size-4 text-slate-500" aria-hidden="true" />
            {t.export}
          </a>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={choose(onDelete)}
            className={`${itemClass} text-red-700 hover:bg-red-50 focus-visible:bg-red-50`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t.delete}
          </button>
        </div>
      ) : null}
    </div>
  );
}

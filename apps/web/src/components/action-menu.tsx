import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { EllipsisVertical, type LucideIcon } from 'lucide-react';
import { type FocusEvent, useRef, useState } from 'react';

export interface MenuAction {
  label: string;
  /** What choosing it does; with `href` the item is a link (`download`: a file to save) instead. */
  onSelect?: () => void;
  href?: string;
  download?: boolean;
  icon?: LucideIcon;
  /** Drawn in red (a destructive action). */
  danger?: boolean;
}

const itemClass = (danger: boolean | undefined) =>
  `flex min-h-10 w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium select-none focus:outline-none ${
    danger
      ? 'text-red-700 hover:bg-red-50 focus:bg-red-50'
      : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100'
  }`;

/**
 * The three-dot menu (a WAI-ARIA menu button, Radix DropdownMenu): Enter, Space or the arrows open
 * it, the arrows (round the ends), Home, End and a typed letter move between items, Escape closes it
 * and gives focus back to the button, as choosing an item does; Tab or a click outside close it.
 */
export function ActionMenu({
  label,
  actions,
  icon: Icon = EllipsisVertical,
  buttonClassName = 'rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700',
  menuClassName = 'min-w-40',
}: {
  label: string;
  actions: readonly MenuAction[];
  /** The button's icon (three dots by default). */
  icon?: LucideIcon;
  buttonClassName?: string;
  /** Width of the open menu. */
  menuClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // ArrowUp opens the menu on its last item; every other way opens it on the first.
  const startAtLast = useRef(false);

  // Radix focuses the menu itself as it opens; like a keyboard opening, it starts on an item instead.
  // This runs once the menu's focus scope is in place, so inside a modal dialog (the chat's history at
  // phone width) the dialog's focus trap has already stood aside and does not pull focus back.
  const focusFirstItem = (event: FocusEvent<HTMLDivElement>) => {
    const menu = event.currentTarget;
    if (event.target !== menu || menu.contains(event.relatedTarget)) return;
    const items = menu.querySelectorAll<HTMLElement>('[role="menuitem"]');
    const item = items[startAtLast.current ? items.length - 1 : 0];
    if (!item) return;
    // Radix's own entry focus (the first item) would follow and undo an opening on the last.
    event.preventDefault();
    item.focus();
  };

  // Focus goes back to the button before an item's action runs, so a dialog the action opens
  // returns focus there when it closes. It is done here, at once, rather than by Radix after the
  // menu has gone, which would take focus away from that dialog.
  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          ref={buttonRef}
          type="button"
          aria-label={label}
          title={label}
          onPointerDown={() => {
            startAtLast.current = false;
          }}
          // Radix opens on pointer down and on keys; a screen reader's virtual cursor sends a bare
          // click (no pointer, detail 0), which must open the menu too.
          onClick={(event) => {
            if (event.detail !== 0) return;
            startAtLast.current = false;
            setOpen((shown) => !shown);
          }}
          onKeyDown={(event) => {
            startAtLast.current = event.key === 'ArrowUp';
            if (event.key === 'ArrowUp') {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className={`${buttonClassName} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
        >
          <Icon className="size-5" aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          onFocus={focusFirstItem}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          loop
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            // The menu's Escape alone: an overlay around it (the chat's history) stays open.
            event.stopPropagation();
            closeToButton();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Tab') closeToButton();
          }}
          className={`z-50 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 ${menuClassName}`}
        >
          {actions.map((action) => {
            const ItemIcon = action.icon;
            const content = (
              <>
                {ItemIcon ? <ItemIcon className="size-4 shrink-0" aria-hidden="true" /> : null}
                {action.label}
              </>
            );
            return action.href ? (
              <DropdownMenu.Item
                key={action.label}
                asChild
                onSelect={closeToButton}
                className={itemClass(action.danger)}
              >
                <a href={action.href} download={action.download}>
                  {content}
                </a>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                key={action.label}
                onSelect={() => {
                  closeToButton();
                  action.onSelect?.();
                }}
                className={itemClass(action.danger)}
              >
                {content}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { EllipsisVertical, type LucideIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

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
  `flex min-h-10 w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium focus:outline-none ${
    danger
      ? 'text-red-700 hover:bg-red-50 focus:bg-red-50'
      : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100'
  }`;

/**
 * The three-dot menu (WAI-ARIA menu button): Enter, Space or the arrows open it, the arrows, Home
 * and End move between items, Escape closes it and gives focus back to the button, Tab or a click
 * outside close it.
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
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (position: number) => {
    setActive(position);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(actions.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = actions.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className={`${buttonClassName} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={`absolute top-full right-0 z-20 mt-1 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 ${menuClassName}`}
        >
          {actions.map((action, position) => {
            const ItemIcon = action.icon;
            const content = (
              <>
                {ItemIcon ? <ItemIcon className="size-4 shrink-0" aria-hidden="true" /> : null}
                {action.label}
              </>
            );
            const common = {
              ref: (element: HTMLElement | null) => {
                itemRefs.current[position] = element;
              },
              role: 'menuitem',
              tabIndex: position === active ? 0 : -1,
              className: itemClass(action.danger),
            } as const;
            return action.href ? (
              <a
                key={action.label}
                {...common}
                href={action.href}
                download={action.download}
                onClick={() => close(true)}
              >
                {content}
              </a>
            ) : (
              <button
                key={action.label}
                {...common}
                type="button"
                onClick={() => {
                  close(true);
                  action.onSelect?.();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

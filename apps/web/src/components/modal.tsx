import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** Id of the element that names the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  /** Escape calls it, as the dialog's own close button does. */
  onClose: () => void;
  /** Where focus goes on open; otherwise the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** 'alertdialog' for a question that interrupts the user (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** Classes of the backdrop, which also positions the panel. */
  className?: string;
  /** Classes of the dialog panel itself. */
  panelClassName?: string;
  children: ReactNode;
}

/**
 * A modal dialog drawn over everything else. While it is open the rest of the page is inert (not
 * clickable, not reachable with Tab, hidden from screen readers), focus moves into it and comes back
 * to where it was when it closes. Modals may stack: the newest makes the older ones inert as well.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  initialFocus,
  role = 'dialog',
  className = 'items-center justify-center bg-slate-900/50 p-4',
  panelClassName = '',
  children,
}: ModalProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const container = containerRef.current;
    const panel = panelRef.current;
    if (!container || !panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const madeInert = Array.from(document.body.children).filter(
      (element) => element !== container && !element.hasAttribute('inert'),
    );
    for (const element of madeInert) element.setAttribute('inert', '');
    (initialFocus?.current ?? panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
    // A DOM listener: a modal opened over this one lives in another branch of <body>, so its Escape
    // never reaches this one, and only the innermost dialog closes. The Escape is the dialog's alone:
    // the page's own listeners (an overlay that closes, an answer that stops) must not see it too, even
    // once closing the dialog has put them back.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onCloseRef.current();
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => {
      panel.removeEventListener('keydown', onKeyDown);
      for (const element of madeInert) element.removeAttribute('inert');
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [initialFocus]);

  const panelClass = `focus:outline-none ${panelClassName}`;
  return createPortal(
    <div ref={containerRef} className={`fixed inset-0 z-50 flex ${className}`}>
      {role === 'alertdialog' ? (
        <div
          ref={panelRef}
          role="alertdialog"
          aria-modal="true"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          tabIndex={-1}
          className={panelClass}
        >
          {children}
        </div>
      ) : (
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          tabIndex={-1}
          className={panelClass}
        >
          {children}
        </div>
      )}
    </div>,
    document.body,
  );
}

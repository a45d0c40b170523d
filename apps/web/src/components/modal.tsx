import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';

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
  /** A press on the backdrop closes it too (a drawer); a centred dialog ignores it. */
  closeOnBackdrop?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog drawn over everything else (Radix Dialog): focus is trapped inside, the page behind
 * neither scrolls nor answers the pointer and is hidden from screen readers, and focus comes back to
 * where it was when the dialog closes. It is open while it is mounted: callers show it by state.
 * Modals may stack: only the newest one answers Escape.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  initialFocus,
  role = 'dialog',
  className = 'items-center justify-center bg-slate-900/50 p-4',
  panelClassName = '',
  closeOnBackdrop = false,
  children,
}: ModalProps) {
  // Radix gives focus back to a Dialog.Trigger; ours open from state (a menu item, a shortcut, a
  // route), so the element focused before opening is remembered here, before Radix moves focus.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);

  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        {/* The overlay holds the panel, so the backdrop's classes also place it (and it scrolls). */}
        <RadixDialog.Overlay className={`fixed inset-0 z-50 flex ${className}`}>
          <RadixDialog.Content
            role={role}
            aria-modal="true"
            aria-labelledby={labelledBy}
            aria-describedby={describedBy}
            className={`focus:outline-none ${panelClassName}`}
            onOpenAutoFocus={(event) => {
              if (!initialFocus?.current) return;
              event.preventDefault();
              initialFocus.current.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (returnFocusTo.current?.isConnected) returnFocusTo.current.focus();
            }}
            // The Escape is the dialog's alone: the page's own listeners (an overlay that closes, an
            // answer that stops) must not see it too, even once closing the dialog has put them back.
            onEscapeKeyDown={(event) => event.stopPropagation()}
            // A click beside the panel does nothing, as before: only its buttons and Escape close it
            // (unless the caller, a drawer, lets the backdrop close it).
            onPointerDownOutside={(event) => {
              if (!closeOnBackdrop) event.preventDefault();
            }}
            onInteractOutside={(event) => {
              if (!closeOnBackdrop) event.preventDefault();
            }}
          >
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useId } from 'react';
import { Modal } from './modal.tsx';

interface DialogProps {
  title: ReactNode;
  /** The sentence under the title; it is also the dialog's accessible description. */
  description?: ReactNode;
  /** The close button, Escape (and a cancel button the caller draws) call it. */
  onClose: () => void;
  /** The accessible name of the × button in the corner; without it there is none. */
  closeLabel?: string;
  /** 'alertdialog' for a question that interrupts the user (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes on open; otherwise the first focusable element (the × button when there is one). */
  initialFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/**
 * The house's dialog: a white panel with its title, an optional description and × button, then the
 * caller's content (usually ending in a `DialogFooter`). The Modal under it traps focus and owns Escape.
 */
export function Dialog({
  title,
  description,
  onClose,
  closeLabel,
  role = 'dialog',
  initialFocus,
  children,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Modal
      role={role}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      onClose={onClose}
      initialFocus={initialFocus}
      panelClassName="relative max-h-full w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5"
    >
      {closeLabel ? (
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="absolute top-3 right-3 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      ) : null}
      <h2 id={titleId} className={`text-lg font-semibold text-slate-900 ${closeLabel ? 'pr-10' : ''}`}>
        {title}
      </h2>
      {description ? (
        <p id={descriptionId} className="mt-2 text-sm break-words text-slate-600">
          {description}
        </p>
      ) : null}
      {children}
    </Modal>
  );
}

/** The dialog's buttons, the one to press most often last (on a phone they stack, that one on top). */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}

import { X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { copy } from '../../../config/copy.es.ts';

interface ConfirmDialogProps {
  title: string;
  body: string;
  /** The buttons, the one to press most often last. */
  children: ReactNode;
  /** Closing without choosing (the close button, Escape). */
  onDismiss: () => void;
  /** Shown above the buttons (a failed attempt). */
  alert?: ReactNode;
}

/** A small question in an alert dialog; focus starts on its close button, never on a destructive one. */
export function ConfirmDialog({ title, body, children, onDismiss, alert }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      role="alertdialog"
      labelledBy={titleId}
      describedBy={bodyId}
      onClose={onDismiss}
      initialFocus={closeRef}
      panelClassName="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5"
    >
      <button
        ref={closeRef}
        type="button"
        onClick={onDismiss}
        aria-label={copy.businesses.wizard.close}
        className="absolute top-3 right-3 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
      <h2 id={titleId} className="pr-10 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p id={bodyId} className="mt-2 text-sm text-slate-600">
        {body}
      </p>
      {alert ? <div className="mt-4">{alert}</div> : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>
    </Modal>
  );
}

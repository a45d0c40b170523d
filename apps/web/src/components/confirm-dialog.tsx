import type { ReactNode } from 'react';
import { copy } from '../config/copy.es.ts';
import { Dialog, DialogFooter } from './dialog.tsx';

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

/**
 * A small question in an alert dialog. Focus starts on its × button, the first thing in it, never on
 * a destructive one.
 */
export function ConfirmDialog({ title, body, children, onDismiss, alert }: ConfirmDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={body}
      onClose={onDismiss}
      closeLabel={copy.businesses.wizard.close}
    >
      {alert ? <div className="mt-4">{alert}</div> : null}
      <DialogFooter>{children}</DialogFooter>
    </Dialog>
  );
}

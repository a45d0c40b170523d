import { confirmsAccountDeletion } from '@rumbo/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Dialog, DialogFooter } from '../../components/dialog.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { TextField } from '../../components/text-field.tsx';
import { accountCopy } from '../../config/copy/account.es.ts';
import { ApiError } from '../../lib/api-client.ts';
import { deleteAccount } from './api/account.ts';

const texts = accountCopy.deletion;

/**
 * 'Eliminar mi cuenta' (ADR 0047): a dialog where the user types ELIMINAR (or their e-mail). The server
 * cancels the paid subscription first and deletes nothing if the provider refuses; its Spanish reason
 * is shown then. `onDeleted` signs out locally and shows the login.
 */
export function DeleteAccount({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped('');
    setError('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!confirmsAccountDeletion(typed, email)) {
      setError(texts.mismatch);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await deleteAccount(typed.trim());
      onDeleted();
    } catch (failure) {
      // The server's texts are Spanish and say what happened (a refused cancellation deleted nothing).
      setError(
        failure instanceof ApiError && failure.status >= 400 && failure.status !== 500
          ? failure.message
          : texts.failed,
      );
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{texts.hint}</p>
      <Button
        variant="secondary"
        className="text-red-700 ring-red-300 hover:bg-red-50"
        onClick={() => setOpen(true)}
      >
        {texts.open}
      </Button>
      {open ? (
        <Dialog
          role="alertdialog"
          title={texts.dialogTitle}
          description={texts.dialogText}
          onClose={close}
          initialFocus={inputRef}
        >
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <TextField
              ref={inputRef}
              label={texts.typeToConfirm}
              value={typed}
              autoComplete="off"
              invalid={error === texts.mismatch}
              onChange={(event) => setTyped(event.target.value)}
            />
            {error ? <FormAlert message={error} /> : null}
            <DialogFooter>
              <Button variant="secondary" onClick={close} disabled={busy}>
                {texts.cancel}
              </Button>
              <Button
                type="submit"
                loading={busy}
                className="bg-red-600 hover:bg-red-700 disabled:hover:bg-red-600"
              >
                {texts.confirm}
              </Button>
            </DialogFooter>
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}

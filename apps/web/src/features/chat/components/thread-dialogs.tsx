import { CHAT_TITLE_MAX_LENGTH, type Chat } from '@rumbo/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Dialog, DialogFooter } from '../../../components/dialog.tsx';
import { chatCopy } from '../../../config/copy/chat.es.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteChat, renameChat } from '../api/chat-actions.ts';

const t = chatCopy.threads;

const primary =
  'inline-flex min-h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 disabled:bg-slate-400';
const secondary =
  'inline-flex min-h-10 items-center justify-center rounded-lg px-4 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600';

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status < 500 ? error.message : t.failed;

/** 'Renombrar chat': the title, trimmed, 1 to 120 characters (the API's rule, its Spanish errors). */
export function RenameChatDialog({
  chat,
  onClose,
  onRenamed,
}: {
  chat: Chat;
  onClose: () => void;
  onRenamed: (chat: Chat) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [title, setTitle] = useState(chat.title);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError(t.titleRequired);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onRenamed(await renameChat(chat.business_id, chat.id, trimmed));
    } catch (failure) {
      setError(messageOf(failure));
      setSaving(false);
    }
  };
  return (
    <Dialog title={t.renameTitle} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-slate-800">
          {t.renameLabel}
        </label>
        <input
          id={inputId}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={CHAT_TITLE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 block min-h-10 w-full rounded-lg border border-slate-300 px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <button type="button" onClick={onClose} className={secondary}>
            {t.cancel}
          </button>
          <button
            type="submit"
            disabled={saving}
            className={`${primary} bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600`}
          >
            {saving ? t.saving : t.save}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** '¿Eliminar este chat?': an alert dialog; focus starts on 'Cancelar', the safe choice. */
export function DeleteChatDialog({
  chat,
  title,
  onClose,
  onDeleted,
}: {
  chat: Chat;
  title: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await deleteChat(chat.business_id, chat.id);
      onDeleted();
    } catch (failure) {
      setError(messageOf(failure));
      setDeleting(false);
    }
  };
  return (
    <Dialog
      role="alertdialog"
      title={t.deleteTitle}
      description={t.deleteText(title)}
      onClose={onClose}
      initialFocus={cancelRef}
    >
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <button ref={cancelRef} type="button" onClick={onClose} className={secondary}>
          {t.cancel}
        </button>
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={deleting}
          className={`${primary} bg-red-700 hover:bg-red-800 focus-visible:outline-red-700`}
        >
          {deleting ? t.deleting : t.deleteConfirm}
        </button>
      </DialogFooter>
    </Dialog>
  );
}

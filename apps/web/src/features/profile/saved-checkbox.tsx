import { type ReactNode, useId, useState } from 'react';

/**
 * A preference saved the moment it changes: the box shows the saved state (it stays as it was if the
 * save fails) and a status line says what happened.
 */
export function SavedCheckbox({
  checked,
  label,
  hint,
  save,
  savedText,
  failedText,
}: {
  checked: boolean;
  label: string;
  hint: ReactNode;
  /** Stores the new value and resolves to the value the server kept. */
  save: (next: boolean) => Promise<boolean>;
  savedText: (value: boolean) => string;
  failedText: string;
}) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const change = async (next: boolean) => {
    setPending(true);
    setMessage(null);
    try {
      setMessage({ text: savedText(await save(next)), failed: false });
    } catch {
      setMessage({ text: failedText, failed: true });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={pending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.target.checked)}
          className="mt-1 size-5 shrink-0 accent-indigo-600"
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        </div>
      </div>
      <p role="status" className={message?.failed ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
        {message?.text ?? ''}
      </p>
    </div>
  );
}

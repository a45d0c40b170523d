import { useId, useState } from 'react';
import { copy } from '../../config/copy.es.ts';
import { apiFetch } from '../../lib/api-client.ts';

const texts = copy.billing.profile;

/**
 * 'Correos de Rumbo' (ADR 0050): whether the market study's 'ready' and 'failed' e-mails are sent. Saved at
 * once; the box shows the saved state. The password reset is always sent.
 */
export function MailPreference({ on, onSaved }: { on: boolean; onSaved: (on: boolean) => void }) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const change = async (next: boolean) => {
    setPending(true);
    setMessage(null);
    try {
      const saved = await apiFetch<{ product_mail: boolean }>('/api/users/me/mail', {
        method: 'PUT',
        body: { product_mail: next },
      });
      onSaved(saved.product_mail);
      setMessage({ text: texts.mailSaved(saved.product_mail), failed: false });
    } catch {
      setMessage({ text: texts.analyticsFailed, failed: true });
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
          checked={on}
          disabled={pending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.target.checked)}
          className="mt-1 size-5 shrink-0 accent-indigo-600"
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {texts.mailLabel}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {texts.mailHint}
          </p>
        </div>
      </div>
      <p role="status" className={message?.failed ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
        {message?.text ?? ''}
      </p>
    </div>
  );
}

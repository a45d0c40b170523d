import { useId, useState } from 'react';
import { Link } from 'react-router';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { apiFetch } from '../../lib/api-client.ts';

const texts = copy.billing.profile;

/**
 * The privacy page's opt-out (ADR 0017): whether the user's analytics events are tied to them. Saved
 * at once; the switch shows the saved state, and goes back if the save fails.
 */
export function AnalyticsPreference({
  personal,
  onSaved,
}: {
  personal: boolean;
  onSaved: (personal: boolean) => void;
}) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const change = async (next: boolean) => {
    setPending(true);
    setMessage(null);
    try {
      const saved = await apiFetch<{ personal: boolean }>('/api/users/me/analytics', {
        method: 'PUT',
        body: { personal: next },
      });
      onSaved(saved.personal);
      setMessage({ text: texts.analyticsSaved(saved.personal), failed: false });
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
          checked={personal}
          disabled={pending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.target.checked)}
          className="mt-1 size-5 shrink-0 accent-indigo-600"
        />
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {texts.analyticsPersonal}
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {texts.analyticsPersonalHint}{' '}
            <Link to={paths.privacy} className="font-medium text-indigo-700 underline">
              {texts.privacyPolicy}
            </Link>
          </p>
        </div>
      </div>
      <p role="status" className={message?.failed ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
        {message?.text ?? ''}
      </p>
    </div>
  );
}

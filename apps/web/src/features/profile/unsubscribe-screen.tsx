import { NOTIFICATION_TOPIC_LABELS, NOTIFICATION_TOPICS, type NotificationTopic } from '@rumbo/contract';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

const t = copy.billing.profile.unsubscribe;

/** The shape of a token the server signs (`<user id>.<HMAC>`): anything else is not worth sending. */
const TOKEN = /^\d{1,12}\.(?:[a-z_]{1,20}\.)?[A-Za-z0-9_-]{43}$/;

/**
 * /baja?token=…, the footer link of a product mail (ADR 0050): no session needed, the signed token is the
 * proof. Opening the page changes nothing (mail scanners open links); the button posts the token to the
 * same one-click endpoint mail programs use, which turns 'Correos de Rumbo' off.
 */
export function UnsubscribeScreen({ token }: { token: string | null }) {
  const valid = token !== null && TOKEN.test(token);
  // '<user>.<kind>.<HMAC>': a notification's mail, which turns off only its kind (ADR 0056).
  const named = valid ? token.split('.').at(-2) : undefined;
  const topic = (NOTIFICATION_TOPICS as readonly string[]).includes(named ?? '')
    ? NOTIFICATION_TOPIC_LABELS[named as NotificationTopic]
    : null;
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'invalid' | 'failed'>(
    valid ? 'idle' : 'invalid',
  );

  const confirm = async () => {
    if (!token) return;
    setState('busy');
    try {
      await apiFetch(`/api/mail/unsubscribe?${new URLSearchParams({ token })}`, {
        method: 'POST',
        signOutOnUnauthorized: false,
      });
      setState('done');
    } catch (error) {
      setState(error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed');
    }
  };

  return (
    <>
      <h2 className="mb-3 text-xl font-semibold text-slate-900">{t.title}</h2>
      {state === 'done' ? (
        <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900">
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p className="text-sm">{topic ? t.topicDone(topic) : t.done}</p>
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700">{topic ? t.topicText(topic) : t.text}</p>
          {state === 'invalid' ? <FormAlert message={t.invalid} /> : null}
          {state === 'failed' ? <FormAlert message={t.failed} /> : null}
          {state !== 'invalid' ? (
            <Button onClick={() => void confirm()} loading={state === 'busy'} className="mt-2 w-full">
              {state === 'busy' ? t.confirming : t.confirm}
            </Button>
          ) : null}
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link
          to={paths.profile}
          className="rounded font-medium text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t.profile}
        </Link>
      </p>
    </>
  );
}

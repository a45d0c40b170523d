import {
  MAIL_FREQUENCIES,
  type MailFrequency,
  NOTIFICATION_TOPICS,
  type NotificationPreferences as Preferences,
} from '@rumbo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { notificationsCopy } from '../../config/copy/notifications.es.ts';
import { paths } from '../../config/paths.ts';
import { notificationKeys, notificationsApi } from './api/notifications.ts';

const t = notificationsCopy.preferences;

/**
 * The profile's notifications (ADR 0056): each kind on or off and how often the e-mails go, each saved
 * the moment it changes (a PATCH with only that field). Other plans see where they are.
 */
export function NotificationPreferences({ hasNotifications }: { hasNotifications: boolean }) {
  const queryClient = useQueryClient();
  const id = useId();
  const preferences = useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: notificationsApi.preferences,
    enabled: hasNotifications,
  });
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [pending, setPending] = useState(false);

  if (!hasNotifications) {
    return (
      <p className="text-sm text-slate-700">
        {t.notOnPlan}{' '}
        <Link to={paths.subscription} className="font-medium text-brand-700 underline underline-offset-4">
          {notificationsCopy.upsell.upgrade}
        </Link>
      </p>
    );
  }
  if (!preferences.data) {
    return <div role="status" aria-label={t.title} className="h-24 animate-pulse rounded-lg bg-slate-100" />;
  }
  const current = preferences.data;
  const save = async (patch: Partial<Preferences>) => {
    setPending(true);
    setStatus(null);
    try {
      queryClient.setQueryData(notificationKeys.preferences, await notificationsApi.changePreferences(patch));
      setStatus({ text: t.saved, failed: false });
    } catch {
      setStatus({ text: t.failed, failed: true });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t.intro}</p>
      <fieldset className="space-y-3">
        <legend className="sr-only">{t.title}</legend>
        {NOTIFICATION_TOPICS.map((topic) => (
          <div key={topic} className="flex items-start gap-3">
            <input
              id={`${id}-${topic}`}
              type="checkbox"
              checked={current[topic]}
              disabled={pending}
              onChange={(event) => void save({ [topic]: event.target.checked })}
              className="mt-0.5 size-5 shrink-0 accent-indigo-600"
            />
            <label htmlFor={`${id}-${topic}`} className="text-sm text-slate-900">
              {t.topics[topic]}
            </label>
          </div>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${id}-frequency`} className="block text-sm font-medium text-slate-900">
          {t.frequency}
        </label>
        <p id={`${id}-frequency-hint`} className="text-sm text-slate-600">
          {t.frequencyHint}
        </p>
        <select
          id={`${id}-frequency`}
          aria-describedby={`${id}-frequency-hint`}
          value={current.mail_frequency}
          disabled={pending}
          onChange={(event) => void save({ mail_frequency: event.target.value as MailFrequency })}
          className="mt-2 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 sm:w-auto"
        >
          {MAIL_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t.frequencies[frequency]}
            </option>
          ))}
        </select>
      </div>
      <p role="status" className={status?.failed ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notificationKeys, notificationsApi } from './api/notifications.ts';

const SENT_KEY = 'rumbo:time-zone-sent';

/**
 * The e-mail openings this page has recorded: the screen can mount again (or the user's plan be read
 * again) before the address has dropped the parameter, and an opening counts once.
 */
const recordedOpenings = new Set<number>();

/**
 * What the signed-in app does for the notifications (ADR 0056): it tells the server the browser's time
 * zone once a session (their morning is the user's), and a page opened from a notification's e-mail
 * (`?notificacion=ID`) records the opening and drops the parameter.
 */
/** `hasNotifications` is undefined while the user's plan is not known yet. */
export function useNotificationSession(hasNotifications: boolean | undefined, userId: number | undefined) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const opened = params.get('notificacion');

  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Once per user and zone in this tab (another account signed in here sends its own).
    const sent = `${userId}:${zone}`;
    if (userId === undefined || !zone || sessionStorage.getItem(SENT_KEY) === sent) return;
    notificationsApi
      .timeZone(zone)
      .then(() => sessionStorage.setItem(SENT_KEY, sent))
      .catch(() => {});
  }, [userId]);

  useEffect(() => {
    if (!opened || hasNotifications === undefined) return;
    const id = Number(opened);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('notificacion');
        return next;
      },
      { replace: true },
    );
    if (!hasNotifications || !Number.isInteger(id) || id <= 0 || recordedOpenings.has(id)) return;
    recordedOpenings.add(id);
    notificationsApi
      .open(id, 'correo')
      .then(({ unread }) => queryClient.setQueryData(notificationKeys.unread, { unread }))
      .catch(() => {});
  }, [opened, hasNotifications, setParams, queryClient]);
}

import type { NotificationPage, NotificationPreferences, UnreadCount } from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

// The notification centre's calls (ADR 0056).

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: () => apiFetch<UnreadCount>('/api/notifications/unread-count'),
    // The round makes them on the server: the bell looks again every minute and when the tab comes back.
    refetchInterval: 60_000,
  });

export const notificationsApi = {
  page: (before?: number) =>
    apiFetch<NotificationPage>(`/api/notifications${before ? `?before=${before}` : ''}`),
  read: (id: number) => apiFetch<UnreadCount>(`/api/notifications/${id}/read`, { method: 'POST' }),
  open: (id: number, via: 'app' | 'correo') =>
    apiFetch<UnreadCount>(`/api/notifications/${id}/open`, { method: 'POST', body: { via } }),
  readAll: () => apiFetch<UnreadCount>('/api/notifications/read-all', { method: 'POST' }),
  preferences: () => apiFetch<NotificationPreferences>('/api/notifications/preferences'),
  changePreferences: (patch: Partial<NotificationPreferences>) =>
    apiFetch<NotificationPreferences>('/api/notifications/preferences', { method: 'PATCH', body: patch }),
  timeZone: (time_zone: string) =>
    apiFetch<{ time_zone: string }>('/api/users/me/time-zone', { method: 'PUT', body: { time_zone } }),
};

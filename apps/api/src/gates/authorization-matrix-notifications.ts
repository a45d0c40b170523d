import { type Entry, json } from './authorization-calls.ts';

/**
 * The matrix's notification operations (ADR 0056). The list, the count and the preferences are the
 * caller's own ('self'); a notification by id is the owner's (another user's does not exist).
 */
export const NOTIFICATION_OPERATIONS: Record<string, Entry> = {
  'GET /api/notifications': { access: 'self', request: () => ({ path: '/api/notifications' }) },
  'GET /api/notifications/unread-count': {
    access: 'self',
    request: () => ({ path: '/api/notifications/unread-count' }),
  },
  'POST /api/notifications/{id}/read': {
    access: 'owner',
    request: (o) => ({ path: `/api/notifications/${o.notificationId}/read` }),
  },
  'POST /api/notifications/{id}/open': {
    access: 'owner',
    request: (o) => json(`/api/notifications/${o.notificationId}/open`, { via: 'app' }),
  },
  'POST /api/notifications/read-all': {
    access: 'self',
    request: () => ({ path: '/api/notifications/read-all' }),
  },
  'GET /api/notifications/preferences': {
    access: 'self',
    request: () => ({ path: '/api/notifications/preferences' }),
  },
  'PATCH /api/notifications/preferences': {
    access: 'self',
    request: () => json('/api/notifications/preferences', { weekly_summary: true }),
  },
  'PUT /api/users/me/time-zone': {
    access: 'self',
    request: () => json('/api/users/me/time-zone', { time_zone: 'Europe/Madrid' }),
  },
};

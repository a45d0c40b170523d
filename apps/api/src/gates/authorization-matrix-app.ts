import { chat, type Entry, established, form, idea, json, logoUpload } from './authorization-calls.ts';
import { plainEstablished, plainIdea } from './world.ts';

/** The matrix's system, user, analytics, console, home and business operations, in sending order. */
export const APP_OPERATIONS: Record<string, Entry> = {
  // System and documentation.
  'GET /api/health': { access: 'public', request: () => ({ path: '/api/health' }), answers: [200] },
  // Ready or not (this app has no job queue: 503), it says only what is missing, never whose.
  'GET /api/health/ready': {
    access: 'public',
    request: () => ({ path: '/api/health/ready' }),
    answers: [200, 503],
  },
  // Not served without METRICS_TOKEN or METRICS_PORT, and then only to the token's bearer.
  'GET /metrics': { access: 'public', request: () => ({ path: '/metrics' }), answers: [404] },
  'GET /api/config': { access: 'public', request: () => ({ path: '/api/config' }), answers: [200] },
  'GET /api/openapi.json': {
    access: 'public',
    request: () => ({ path: '/api/openapi.json' }),
    answers: [200],
  },
  'GET /api/docs': { access: 'public', request: () => ({ path: '/api/docs' }), answers: [200] },
  'GET /api/docs/init.js': {
    access: 'public',
    request: () => ({ path: '/api/docs/init.js' }),
    answers: [200],
  },
  'GET /api/docs/{file}': {
    access: 'public',
    request: () => ({ path: '/api/docs/swagger-ui.css' }),
    answers: [200],
  },

  // Users and our own auth routes.
  'GET /api/users/me': { access: 'self', request: () => ({ path: '/api/users/me' }) },
  'POST /api/users/signup': { access: 'self', request: () => json('/api/users/signup', {}) },
  'PATCH /api/users/me': {
    access: 'self',
    request: () => json('/api/users/me', { full_name: 'Otro nombre' }),
  },
  'GET /api/users/me/export': { access: 'self', request: () => ({ path: '/api/users/me/export' }) },
  'PUT /api/users/me/onboarding': {
    access: 'self',
    request: () => json('/api/users/me/onboarding', { discovery_source: 'google' }),
  },
  'GET /api/auth/profile': { access: 'self', request: () => ({ path: '/api/auth/profile' }) },
  'PUT /api/users/me/analytics': {
    access: 'self',
    request: () => json('/api/users/me/analytics', { personal: true }),
  },
  'PUT /api/users/me/mail': {
    access: 'self',
    request: () => json('/api/users/me/mail', { product_mail: true }),
  },
  // The unsubscribe link: anyone holding a signed token; a made-up one changes nothing.
  'POST /api/mail/unsubscribe': {
    access: 'public',
    request: () => ({ path: '/api/mail/unsubscribe?token=1.not-a-real-signature', method: 'POST' }),
    answers: [400],
  },

  // Analytics: anyone may send a batch; it is tied to the caller's own session only.
  'POST /api/analytics/events': {
    access: 'public',
    request: () =>
      json('/api/analytics/events', { session_id: 'gate-check-1', events: [{ name: 'Página vista' }] }),
    answers: [202],
  },

  // The operator's console.
  'GET /api/admin/overview': {
    access: 'operator',
    request: () => ({ path: '/api/admin/overview?from=2026-01-01&to=2026-01-31' }),
  },
  'GET /api/admin/users': { access: 'operator', request: () => ({ path: '/api/admin/users?q=a' }) },
  'POST /api/admin/users/{id}/credits': {
    access: 'operator',
    request: (o) =>
      json(`/api/admin/users/${o.id}/credits`, {
        amount: 5,
        reason: 'Prueba de acceso',
        request_id: 'prueba-de-acceso',
      }),
  },
  'GET /api/admin/researches/failed': {
    access: 'operator',
    request: () => ({ path: '/api/admin/researches/failed' }),
  },
  'POST /api/admin/researches/{id}/retry': {
    access: 'operator',
    request: (o) => ({ path: `/api/admin/researches/${o.researchId}/retry` }),
  },
  'GET /api/admin/audit': { access: 'operator', request: () => ({ path: '/api/admin/audit' }) },
  'GET /api/admin/feedback': { access: 'operator', request: () => ({ path: '/api/admin/feedback?page=1' }) },
  // The console's door: about the caller's own address only (ADR 0022).
  'GET /api/operator/verification': {
    access: 'self',
    request: () => ({ path: '/api/operator/verification' }),
  },
  'POST /api/operator/verification': {
    access: 'self',
    request: () => json('/api/operator/verification', {}),
  },
  'POST /api/operator/verification/confirm': {
    access: 'self',
    request: () => json('/api/operator/verification/confirm', { token: 'inventado' }),
  },
  // The home: the caller's own latest thread, and the feedback form.
  'GET /api/chats/latest': { access: 'self', request: () => ({ path: '/api/chats/latest' }) },
  'POST /api/feedback': {
    access: 'self',
    request: () => json('/api/feedback', { message: 'Comentario de prueba', page: '/' }),
  },
  'POST /api/token': {
    access: 'public',
    request: (o) => form('/api/token', { username: o.email, password: 'no-es-su-contraseña' }),
    answers: [401],
  },
  'POST /api/password-reset/check': {
    access: 'public',
    request: () => json('/api/password-reset/check', { oobCode: 'codigo-inventado' }),
    answers: [200],
  },
  'POST /api/password-reset/confirm': {
    access: 'public',
    request: () =>
      json('/api/password-reset/confirm', { oobCode: 'codigo-inventado', password: 'otra-contraseña' }),
    answers: [400],
  },

  // Businesses.
  'GET /api/businesses': { access: 'self', request: () => ({ path: '/api/businesses' }) },
  'POST /api/businesses/ideas': {
    access: 'self',
    request: () => json('/api/businesses/ideas', plainIdea),
  },
  'POST /api/businesses/established': {
    access: 'self',
    request: () => json('/api/businesses/established', plainEstablished),
  },
  'GET /api/businesses/ideas/{id}': { access: 'owner', request: (o) => ({ path: idea(o) }) },
  'PATCH /api/businesses/ideas/{id}': {
    access: 'owner',
    request: (o) => json(idea(o), { goal: 'Cambiado' }),
  },
  'PUT /api/businesses/ideas/{id}/logo': { access: 'owner', request: (o) => logoUpload(`${idea(o)}/logo`) },
  'GET /api/businesses/ideas/{id}/logo': { access: 'owner', request: (o) => ({ path: `${idea(o)}/logo` }) },
  // Before the business's own deletion (the last operations keep this order).
  'DELETE /api/businesses/{id}/chats/{chatId}': {
    access: 'owner',
    request: (o) => ({ path: chat(o) }),
    last: true,
  },
  'DELETE /api/businesses/ideas/{id}/logo': {
    access: 'owner',
    request: (o) => ({ path: `${idea(o)}/logo` }),
    last: true,
  },
  'DELETE /api/businesses/ideas/{id}': { access: 'owner', request: (o) => ({ path: idea(o) }), last: true },
  'GET /api/businesses/established/{id}': { access: 'owner', request: (o) => ({ path: established(o) }) },
  'PATCH /api/businesses/established/{id}': {
    access: 'owner',
    request: (o) => json(established(o), { profit_margin: 20 }),
  },
  'PUT /api/businesses/established/{id}/logo': {
    access: 'owner',
    request: (o) => logoUpload(`${established(o)}/logo`),
  },
  'GET /api/businesses/established/{id}/logo': {
    access: 'owner',
    request: (o) => ({ path: `${established(o)}/logo` }),
  },
  'DELETE /api/businesses/established/{id}/logo': {
    access: 'owner',
    request: (o) => ({ path: `${established(o)}/logo` }),
    last: true,
  },
  'DELETE /api/businesses/established/{id}': {
    access: 'owner',
    request: (o) => ({ path: established(o) }),
    last: true,
  },
};

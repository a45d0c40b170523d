import { type Entry, form, fresh, json } from './authorization-calls.ts';
import { PASSWORD } from './world.ts';

/** The matrix's Better Auth endpoints, then the account's own deletion, in sending order. */
export const AUTH_OPERATIONS: Record<string, Entry> = {
  // Better Auth (/api/auth/*).
  'POST /api/auth/sign-up/email': {
    access: 'public',
    request: (_o, caller) =>
      json('/api/auth/sign-up/email', { name: 'Nueva', email: fresh(caller), password: PASSWORD }),
    answers: [200],
  },
  'POST /api/auth/sign-in/email': {
    access: 'public',
    request: (o) => json('/api/auth/sign-in/email', { email: o.email, password: 'no-es-su-contraseña' }),
    answers: [401],
  },
  'POST /api/auth/sign-in/social': {
    access: 'public',
    request: () => json('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' }),
    answers: [404],
  },
  'GET /api/auth/callback/{id}': {
    access: 'public',
    request: () => ({ path: '/api/auth/callback/google?code=x&state=y' }),
    answers: [302],
  },
  'POST /api/auth/callback/{id}': {
    access: 'public',
    request: () => form('/api/auth/callback/google', { code: 'x', state: 'y' }),
    answers: [302],
  },
  'GET /api/auth/get-session': {
    access: 'public',
    request: () => ({ path: '/api/auth/get-session' }),
    answers: [200],
  },
  'POST /api/auth/get-session': {
    access: 'public',
    request: () => json('/api/auth/get-session', {}),
    // Better Auth lists POST but answers it only for server-side calls.
    answers: [405],
  },
  'POST /api/auth/sign-out': {
    access: 'public',
    request: () => json('/api/auth/sign-out', {}),
    answers: [200],
    last: true,
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    request: () => json('/api/auth/reset-password', { token: 'inventado', newPassword: 'otra-contraseña' }),
    answers: [400],
  },
  'GET /api/auth/reset-password/{token}': {
    access: 'public',
    request: () => ({ path: '/api/auth/reset-password/inventado?callbackURL=/reset-password' }),
    answers: [302],
  },
  'POST /api/auth/request-password-reset': {
    access: 'public',
    request: (o) =>
      json('/api/auth/request-password-reset', { email: o.email, redirectTo: '/reset-password' }),
    answers: [200],
  },
  // Closed: the console's /api/operator/verification routes stand in for them (ADR 0022).
  'GET /api/auth/verify-email': {
    access: 'public',
    request: () => ({ path: '/api/auth/verify-email?token=inventado' }),
    answers: [404],
  },
  'POST /api/auth/send-verification-email': {
    access: 'public',
    request: (o) => json('/api/auth/send-verification-email', { email: o.email }),
    answers: [404],
  },
  'GET /api/auth/delete-user/callback': {
    access: 'public',
    request: () => ({ path: '/api/auth/delete-user/callback?token=inventado' }),
    answers: [404],
  },
  'GET /api/auth/ok': { access: 'public', request: () => ({ path: '/api/auth/ok' }), answers: [200] },
  'GET /api/auth/error': { access: 'public', request: () => ({ path: '/api/auth/error' }), answers: [200] },
  'POST /api/auth/verify-password': {
    access: 'self',
    request: () => json('/api/auth/verify-password', { password: 'no-es-la-contraseña' }),
  },
  'POST /api/auth/change-email': {
    access: 'self',
    request: () => json('/api/auth/change-email', { newEmail: 'cambio@example.com' }),
  },
  'POST /api/auth/change-password': {
    access: 'self',
    request: () =>
      json('/api/auth/change-password', {
        currentPassword: 'no-es-la-contraseña',
        newPassword: 'otra-contraseña',
      }),
  },
  // Two-factor sign-in (ADR 0047): a signed-in user's own settings, or the challenge of a sign-in.
  'POST /api/auth/two-factor/enable': {
    access: 'self',
    request: () => json('/api/auth/two-factor/enable', { password: 'no-es-la-contraseña' }),
  },
  'POST /api/auth/two-factor/disable': {
    access: 'self',
    request: () => json('/api/auth/two-factor/disable', { password: 'no-es-la-contraseña' }),
  },
  'POST /api/auth/two-factor/get-totp-uri': {
    access: 'self',
    request: () => json('/api/auth/two-factor/get-totp-uri', { password: 'no-es-la-contraseña' }),
  },
  'POST /api/auth/two-factor/generate-backup-codes': {
    access: 'self',
    request: () => json('/api/auth/two-factor/generate-backup-codes', { password: 'no-es-la-contraseña' }),
  },
  'POST /api/auth/two-factor/verify-totp': {
    access: 'self',
    request: () => json('/api/auth/two-factor/verify-totp', { code: '000000' }),
  },
  'POST /api/auth/two-factor/verify-backup-code': {
    access: 'self',
    request: () => json('/api/auth/two-factor/verify-backup-code', { code: 'inventado' }),
  },
  // Codes by e-mail are not configured: refused before anything else, for everyone.
  'POST /api/auth/two-factor/send-otp': {
    access: 'public',
    request: () => json('/api/auth/two-factor/send-otp', {}),
    answers: [400],
  },
  'POST /api/auth/two-factor/verify-otp': {
    access: 'self',
    request: () => json('/api/auth/two-factor/verify-otp', { code: '000000' }),
  },
  'POST /api/auth/update-session': { access: 'self', request: () => json('/api/auth/update-session', {}) },
  'POST /api/auth/update-user': {
    access: 'self',
    request: () => json('/api/auth/update-user', { name: 'Cambiado' }),
  },
  'POST /api/auth/delete-user': {
    access: 'self',
    request: () => json('/api/auth/delete-user', {}),
    last: true,
  },
  'GET /api/auth/list-sessions': { access: 'self', request: () => ({ path: '/api/auth/list-sessions' }) },
  'POST /api/auth/revoke-session': {
    access: 'self',
    request: (o) => json('/api/auth/revoke-session', { token: o.sessionToken }),
  },
  'POST /api/auth/revoke-sessions': {
    access: 'self',
    request: () => json('/api/auth/revoke-sessions', {}),
    last: true,
  },
  'POST /api/auth/revoke-other-sessions': {
    access: 'self',
    request: () => json('/api/auth/revoke-other-sessions', {}),
  },
  'POST /api/auth/link-social': {
    access: 'self',
    request: () => json('/api/auth/link-social', { provider: 'google', callbackURL: '/' }),
  },
  'GET /api/auth/list-accounts': { access: 'self', request: () => ({ path: '/api/auth/list-accounts' }) },
  'POST /api/auth/unlink-account': {
    access: 'self',
    request: (o) =>
      json('/api/auth/unlink-account', { providerId: 'credential', accountId: String(o.accountId) }),
  },
  'POST /api/auth/refresh-token': {
    access: 'self',
    request: (o) => json('/api/auth/refresh-token', { accountId: String(o.accountId), userId: String(o.id) }),
  },
  'POST /api/auth/get-access-token': {
    access: 'self',
    request: (o) =>
      json('/api/auth/get-access-token', { accountId: String(o.accountId), userId: String(o.id) }),
  },
  'GET /api/auth/account-info': {
    access: 'self',
    request: (o) => ({ path: `/api/auth/account-info?accountId=${o.accountId}&userId=${o.id}` }),
  },
  // Deletes the caller's whole account: after every other operation, the last ones included.
  'DELETE /api/users/me': {
    access: 'self',
    request: () => json('/api/users/me', { confirmation: 'ELIMINAR' }),
    last: true,
  },
};

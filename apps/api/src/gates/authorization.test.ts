import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema/index.ts';
import { createLogger } from '../logger.ts';
import { createAuth } from '../modules/auth/auth.ts';
import type { TestApp } from '../test/app.ts';
import {
  createOwner,
  createStranger,
  OWNER_MARK,
  type Owner,
  ownerEstablished,
  PASSWORD,
  type Person,
  plainEstablished,
  plainIdea,
  pngLogo,
  startGateApp,
} from './world.ts';

// Issue 13's authorisation gate: every operation of the API (the OpenAPI document, the routes outside
// it and Better Auth's endpoints), sent anonymously and by another signed-in user against the owner's
// resources, is refused (401/403/404) or gives its documented public answer, and no answer carries
// anything of the owner's. A route the app serves that this table does not list fails the test.

/**
 * - owner: acts on the owner's resource named in the path or body. Anonymous → 401; another user →
 *   403 or 404; the owner → 2xx or 3xx (so the refusals are about who asks, not a broken request).
 * - self: acts on whoever asks. Anonymous → 401; another user → any answer about themselves.
 * - public: anyone; `answers` are its documented statuses.
 * - operator: the console (ADMIN_EMAILS names nobody here). Anonymous → 401; any user → 403.
 */
type Access = 'owner' | 'self' | 'public' | 'operator';

interface Call {
  path: string;
  body?: string | FormData;
  headers?: Record<string, string>;
}

interface Entry {
  access: Access;
  request: (owner: Owner, caller: string) => Call | Promise<Call>;
  /** For public operations: the answers anyone may get. */
  answers?: number[];
  /** Ends the caller's session or the owner's resource: sent after the others. */
  last?: boolean;
  /** Refusals the owner may get because earlier operations changed their resource (not about who asks). */
  ownerAnswers?: number[];
}

const json = (path: string, body: unknown): Call => ({
  path,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const form = (path: string, fields: Record<string, string>): Call => ({
  path,
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
async function logoUpload(path: string): Promise<Call> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(await pngLogo())], { type: 'image/png' }), 'logo.png');
  return { path, body };
}
const idea = (o: Owner) => `/api/businesses/ideas/${o.ideaId}`;
const established = (o: Owner) => `/api/businesses/established/${o.establishedId}`;
const chat = (o: Owner) => `/api/businesses/${o.ideaId}/chats/${o.chatId}`;
const checkout = (o: Owner) => `/api/billing/local/checkout/${o.checkoutSessionId}`;
const portal = (o: Owner) => `/api/billing/local/portal/${o.checkoutSessionId}`;
/** An e-mail of the caller's own, for sign-ups. */
const fresh = (caller: string) => `nuevo.${caller}.${Date.now()}@example.com`;

const MATRIX: Record<string, Entry> = {
  // System and documentation.
  'GET /api/health': { access: 'public', request: () => ({ path: '/api/health' }), answers: [200] },
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

  // Chats.
  'DELETE /api/businesses/established/{id}': {
    access: 'owner',
    request: (o) => ({ path: established(o) }),
    last: true,
  },
  'GET /api/businesses/{id}/chats': {
    access: 'owner',
    request: (o) => ({ path: `/api/businesses/${o.ideaId}/chats` }),
  },
  'POST /api/businesses/{id}/chats': {
    access: 'owner',
    request: (o) => ({ path: `/api/businesses/${o.ideaId}/chats` }),
  },
  'GET /api/businesses/{id}/chats/{chatId}': { access: 'owner', request: (o) => ({ path: chat(o) }) },
  'POST /api/businesses/{id}/chats/{chatId}/messages': {
    access: 'owner',
    request: (o) => json(`${chat(o)}/messages`, { content: 'Hola' }),
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/stream': {
    access: 'owner',
    request: (o) => json(`${chat(o)}/messages/stream`, { content: 'Hola otra vez' }),
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/{messageId}/stop': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/messages/${o.messageIds[1]}/stop` }),
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/{messageId}/regenerate': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/messages/${o.messageIds[1]}/regenerate` }),
    // The sends above added a newer exchange, so this one is no longer the last (answer-again.test.ts
    // answers it again when it is).
    ownerAnswers: [409],
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/{messageId}/edit': {
    access: 'owner',
    request: (o) => json(`${chat(o)}/messages/${o.messageIds[0]}/edit`, { content: 'Pregunta corregida' }),
    ownerAnswers: [409],
  },
  'GET /api/businesses/{id}/chats/search': {
    access: 'owner',
    request: (o) => ({ path: `/api/businesses/${o.ideaId}/chats/search?q=hola` }),
  },
  'PATCH /api/businesses/{id}/chats/{chatId}': {
    access: 'owner',
    request: (o) => json(chat(o), { title: 'Renombrado' }),
  },
  'GET /api/businesses/{id}/chats/{chatId}/export': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/export` }),
  },
  'PUT /api/businesses/{id}/chats/{chatId}/messages/{messageId}/feedback': {
    access: 'owner',
    request: (o) => json(`${chat(o)}/messages/${o.messageIds[1]}/feedback`, { rating: 'up' }),
  },
  'DELETE /api/businesses/{id}/chats/{chatId}/messages/{messageId}/feedback': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/messages/${o.messageIds[1]}/feedback` }),
  },
  'GET /api/businesses/{id}/chats/{chatId}/attachments/{attachmentId}': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/attachments/${o.attachmentId}` }),
  },

  // Market research.
  'POST /api/researches': {
    access: 'owner',
    request: (o) =>
      json('/api/researches', { max_tokens: 50_000, business_id: o.ideaId, sync_generation: false }),
  },
  'GET /api/businesses/{id}/research': {
    access: 'owner',
    request: (o) => ({ path: `/api/businesses/${o.ideaId}/research` }),
  },
  'GET /api/researches/{id}': {
    access: 'owner',
    request: (o) => ({ path: `/api/researches/${o.researchId}` }),
  },
  'GET /api/researches/{id}/events': {
    access: 'owner',
    request: (o) => ({ path: `/api/researches/${o.researchId}/events` }),
  },

  // Subscriptions and payments.
  'POST /api/subscriptions': { access: 'self', request: () => json('/api/subscriptions', { plan_id: 7 }) },
  'POST /api/subscriptions/handle': { access: 'self', request: () => json('/api/subscriptions/handle', {}) },
  'GET /api/subscriptions/current': {
    access: 'self',
    request: () => ({ path: '/api/subscriptions/current' }),
  },
  'GET /api/subscriptions/{session}': {
    access: 'owner',
    request: (o) => ({ path: `/api/subscriptions/${o.checkoutSessionId}` }),
  },
  'POST /api/webhooks/stripe': {
    access: 'public',
    request: () => json('/api/webhooks/stripe', { type: 'invoice.paid' }),
    // Without Stripe keys the endpoint is off; with them, an unsigned event is refused.
    answers: [503],
  },
  // The local test checkout (never in production): its session id in the address is the credential,
  // as a Stripe Checkout link is. Its pages show the plan, never who is paying.
  'GET /api/billing/local/assets/local-checkout.css': {
    access: 'public',
    request: () => ({ path: '/api/billing/local/assets/local-checkout.css' }),
    answers: [200],
  },
  'GET /api/billing/local/checkout/{session}': {
    access: 'public',
    request: (o) => ({ path: checkout(o) }),
    // Once paid or cancelled, the page is gone.
    answers: [200, 404],
  },
  'POST /api/billing/local/checkout/{session}/cancel': {
    access: 'public',
    request: (o) => ({ path: `${checkout(o)}/cancel` }),
    answers: [303],
  },
  'POST /api/billing/local/checkout/{session}/pay': {
    access: 'public',
    request: (o) => ({ path: `${checkout(o)}/pay` }),
    answers: [303],
  },
  'GET /api/billing/local/portal/{session}': {
    access: 'public',
    request: (o) => ({ path: portal(o) }),
    answers: [404],
  },
  'POST /api/billing/local/portal/{session}/switch': {
    access: 'public',
    request: (o) => form(`${portal(o)}/switch`, { plan_id: '7' }),
    answers: [404],
  },
  'POST /api/billing/local/portal/{session}/cancel': {
    access: 'public',
    request: (o) => ({ path: `${portal(o)}/cancel` }),
    answers: [404],
  },

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
  'GET /api/auth/verify-email': {
    access: 'public',
    request: () => ({ path: '/api/auth/verify-email?token=inventado' }),
    answers: [401],
  },
  'POST /api/auth/send-verification-email': {
    access: 'public',
    request: (o) => json('/api/auth/send-verification-email', { email: o.email }),
    answers: [400],
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
  // Two-factor sign-in (issue 16): a signed-in user's own settings, or the challenge of a sign-in.
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

/** The per-user write limits may answer any write; a 429 refuses and shows nothing. */
const RATE_LIMITED = 429;

let t: TestApp;
let owner: Owner;
let stranger: Person;
beforeAll(async () => {
  t = await startGateApp();
  owner = await createOwner(t);
  stranger = await createStranger(t);
});
afterAll(async () => {
  await t?.close();
});

const pathTemplate = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** Every operation the app serves: its OpenAPI document, its own routes and Better Auth's endpoints. */
async function servedOperations(): Promise<Set<string>> {
  const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, object> };
  const operations = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of Object.keys(ops)) operations.add(`${method.toUpperCase()} /api${path}`);
  }
  // ALL entries are middleware (guards, limits, the 404 of unknown paths), not operations.
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || route.path === '/api/auth/*') continue;
    operations.add(`${route.method} ${pathTemplate(route.path)}`);
  }
  // The app hands GET and POST of /api/auth/* to Better Auth: its endpoints, as the app configures it.
  const auth = createAuth({
    env: t.env,
    db: t.database.db,
    mailer: { send: async () => {} },
    logger: createLogger('silent'),
  });
  type Endpoint = {
    path?: string;
    options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
  };
  for (const endpoint of Object.values(auth.api) as Endpoint[]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options?.method].flat().flatMap((m) => (m === '*' ? ['GET', 'POST'] : [m]));
    for (const method of methods.filter((m) => m === 'GET' || m === 'POST')) {
      operations.add(`${method} /api/auth${pathTemplate(endpoint.path)}`);
    }
  }
  return operations;
}

interface Answer {
  operation: string;
  caller: string;
  status: number;
  problem?: string;
}

async function send(operation: string, entry: Entry, caller: string, cookie?: string): Promise<Answer> {
  const method = operation.split(' ')[0] as string;
  const call = await entry.request(owner, caller);
  const headers = new Headers(call.headers);
  if (cookie) headers.set('cookie', cookie);
  const res = await t.request(call.path, { method, headers, body: call.body, redirect: 'manual' });
  const text = `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${await res.text()}`;
  const answer: Answer = { operation, caller, status: res.status };
  if (res.status >= 500 && !(entry.answers ?? []).includes(res.status)) answer.problem = 'server error';
  const secrets = caller === 'owner' ? [] : [OWNER_MARK, owner.sessionToken];
  const leaked = secrets.find((secret) => text.toLowerCase().includes(secret.toLowerCase()));
  if (leaked) answer.problem = `leaked ${leaked === OWNER_MARK ? "the owner's data" : "the owner's session"}`;
  return answer;
}

/** What each caller should have been answered; undefined when the answer is right. */
function wrongAnswer(
  entry: Entry,
  caller: 'anonymous' | 'stranger' | 'owner',
  status: number,
): string | undefined {
  if (status === RATE_LIMITED) return undefined;
  if (entry.access === 'public') {
    return entry.answers?.includes(status) ? undefined : `expected one of ${entry.answers?.join(', ')}`;
  }
  if (caller === 'anonymous') return status === 401 ? undefined : 'expected 401';
  if (caller === 'stranger' && entry.access === 'owner') {
    return status === 403 || status === 404 ? undefined : 'expected 403 or 404';
  }
  if (caller === 'stranger' && entry.access === 'operator') {
    return status === 403 ? undefined : 'expected 403';
  }
  if (caller === 'owner') {
    return status < 400 || entry.ownerAnswers?.includes(status)
      ? undefined
      : 'expected the owner to be answered (2xx/3xx)';
  }
  return status < 500 ? undefined : 'expected no server error';
}

describe('authorisation matrix (issue 13 gate)', () => {
  it('lists every operation the app serves, and nothing it does not', async () => {
    const served = await servedOperations();
    const listed = new Set(Object.keys(MATRIX));
    expect(
      [...served].filter((op) => !listed.has(op)),
      'served but not in MATRIX: add them',
    ).toEqual([]);
    expect(
      [...listed].filter((op) => !served.has(op)),
      'in MATRIX but not served',
    ).toEqual([]);
  });

  it('refuses anonymous callers and other users on every operation, and leaks nothing of the owner', async () => {
    const ordered = Object.entries(MATRIX).sort(
      ([, a], [, b]) => Number(a.last ?? false) - Number(b.last ?? false),
    );
    const answers: Answer[] = [];
    for (const [caller, cookie] of [
      ['anonymous', undefined],
      ['stranger', stranger.cookie],
    ] as const) {
      for (const [operation, entry] of ordered) {
        const answer = await send(operation, entry, caller, cookie);
        answer.problem ??= wrongAnswer(entry, caller, answer.status);
        answers.push(answer);
      }
    }
    // The owner's things are all still there, and their session still works.
    const own = (path: string) => t.request(path, { headers: { cookie: owner.cookie } });
    expect.soft((await own(idea(owner))).status, 'the owner reads their idea').toBe(200);
    expect
      .soft(await (await own(established(owner))).json(), 'their established business is unchanged')
      .toMatchObject({ name: ownerEstablished.name, profit_margin: 16 });
    const { messages } = (await (await own(chat(owner))).json()) as { messages?: unknown[] };
    expect.soft(messages, 'their chat has its two messages').toHaveLength(2);
    expect.soft((await own(`${idea(owner)}/logo`)).status, 'their logo is there').toBe(200);
    const ownAccounts = await t.database.db.select().from(accounts).where(eq(accounts.userId, owner.id));
    expect.soft(ownAccounts, 'their password account is there').toHaveLength(1);

    // The owner is answered on their own resources: the refusals above are about who asked.
    for (const [operation, entry] of ordered.filter(([, e]) => e.access === 'owner')) {
      const answer = await send(operation, entry, 'owner', owner.cookie);
      answer.problem ??= wrongAnswer(entry, 'owner', answer.status);
      answers.push(answer);
    }

    const wrong = answers.filter((a) => a.problem);
    const leaks = answers.filter((a) => a.problem?.startsWith('leaked'));
    console.log(
      `authorization matrix: ${Object.keys(MATRIX).length} operations × 2 callers (anonymous, another user) ` +
        `+ the owner on ${answers.length - 2 * ordered.length} of theirs, ${leaks.length} leaks, ${wrong.length} wrong answers`,
    );
    expect(wrong).toEqual([]);
  });
});

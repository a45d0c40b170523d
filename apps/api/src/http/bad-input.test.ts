import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/app.ts';
import { type ChatOwner, chatOwner, MINIMAL_IDEA, newChat } from '../test/chat-owner.ts';

// Input the database cannot take (a NUL character, integers past PostgreSQL's
// `integer`, null where text is expected) is refused at the edge with 400 and a Spanish message, on
// every way in, instead of failing in the database with a 500.

let t: TestApp;
let owner: ChatOwner;
let chatId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await chatOwner(t, { planId: 7, credits: 10 });
  chatId = await newChat(t, owner);
});
afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';
const TOO_BIG = 2 ** 31;
/** JSON nested 10,000 levels deep: an object of objects, and arrays. */
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const established = {
  ...MINIMAL_IDEA,
  user_position: 'CEO',
  mission_and_vision: 'Pan para cada barrio',
  billing: 1000,
  billing_currency: 'euro',
  ebitda: 100,
  ebitda_currency: 'euro',
  profit_margin: 10,
};

type Case = [name: string, path: string, init: RequestInit & { cookie?: 'owner' }, field?: string];

const json = (method: string, body: unknown, cookie?: 'owner') => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  cookie,
});
/** A JSON body as written, not as JSON.stringify would write it. */
const rawJson = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const cases = (): Case[] => [
  [
    'NUL in a business text',
    '/api/businesses/ideas',
    json('POST', { ...MINIMAL_IDEA, name: `Idea${NUL}` }, 'owner'),
    'name',
  ],
  [
    'NUL in a business change',
    `/api/businesses/ideas/${owner.businessId}`,
    json('PATCH', { goal: `Crecer${NUL}` }, 'owner'),
    'goal',
  ],
  [
    'NUL in chat content',
    `/api/businesses/${owner.businessId}/chats/${chatId}/messages/stream`,
    json('POST', { content: `Hola${NUL}` }, 'owner'),
    'content',
  ],
  [
    'NUL in the sign-in e-mail',
    '/api/auth/sign-in/email',
    json('POST', { email: `ana${NUL}@example.com`, password: 'contraseña-segura' }),
    'email',
  ],
  [
    'NUL in the sign-up name',
    '/api/auth/sign-up/email',
    json('POST', { name: `Ana${NUL}`, email: 'nul@example.com', password: 'contraseña-segura' }),
    'name',
  ],
  [
    'NUL in the token e-mail',
    '/api/token',
    form({ username: `ana${NUL}@example.com`, password: 'contraseña-segura' }),
    'username',
  ],
  [
    'NUL in a password-reset code',
    '/api/password-reset/confirm',
    json('POST', { oobCode: `abc${NUL}`, password: 'contraseña-nueva' }),
    'oobCode',
  ],
  ['NUL in a payment session id', '/api/subscriptions/cs_%00', { cookie: 'owner' }, 'session'],
  ['a business id past 2³¹', `/api/businesses/ideas/${TOO_BIG}`, { cookie: 'owner' }, 'id'],
  [
    'a chat id past 2³¹',
    `/api/businesses/${owner.businessId}/chats/${TOO_BIG}`,
    { cookie: 'owner' },
    'chatId',
  ],
  [
    'a business id past 2³¹ in the logo image path',
    `/api/businesses/ideas/${TOO_BIG}/logo`,
    { cookie: 'owner' },
    'id',
  ],
  [
    'a business id past 2³¹ in the research path',
    `/api/businesses/${TOO_BIG}/research`,
    { cookie: 'owner' },
    'id',
  ],
  [
    'a research business id past 2³¹',
    '/api/researches',
    json('POST', { max_tokens: 50_000, business_id: TOO_BIG }, 'owner'),
    'business_id',
  ],
  [
    'an established team size past 2³¹',
    '/api/businesses/established',
    json('POST', { ...established, team_size: TOO_BIG }, 'owner'),
    'team_size',
  ],
  [
    'a body that is not JSON',
    '/api/businesses/ideas',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":', cookie: 'owner' },
  ],
  // Checked at the edge before any handler, Better Auth's included (http/body-check.ts, ADR 0026).
  ...[
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/update-user',
    '/api/auth/reset-password',
  ].flatMap((path): Case[] => [
    [`JSON 10,000 deep to ${path}`, path, { ...rawJson(DEEP_OBJECT), cookie: 'owner' }],
    [`arrays 10,000 deep to ${path}`, path, { ...rawJson(DEEP_ARRAY), cookie: 'owner' }],
  ]),
  ['JSON 10,000 deep to a business', '/api/businesses/ideas', { ...rawJson(DEEP_OBJECT), cookie: 'owner' }],
  ['JSON 10,000 deep to analytics', '/api/analytics/events', rawJson(DEEP_ARRAY)],
  ['JSON 10,000 deep to the token form', '/api/token', rawJson(DEEP_OBJECT)],
  [
    'a 1 MB name in update-user',
    '/api/auth/update-user',
    json('POST', { name: MEGABYTE_STRING }, 'owner'),
    'name',
  ],
  [
    'a 1 MB e-mail to sign in',
    '/api/auth/sign-in/email',
    json('POST', { email: `${MEGABYTE_STRING}@example.com`, password: 'contraseña-segura' }),
    'email',
  ],
  [
    'a 1 MB chat message',
    `/api/businesses/${owner.businessId}/chats/${chatId}/messages/stream`,
    json('POST', { content: MEGABYTE_STRING }, 'owner'),
    'content',
  ],
  [
    // Analytics batches take 64 KB at most.
    'a 60,000-character key in analytics',
    '/api/analytics/events',
    json('POST', { events: [{ name: 'x', properties: { ['k'.repeat(60_000)]: 1 } }] }),
    'events.0.properties',
  ],
  [
    'a 3,000-character e-mail to sign up',
    '/api/auth/sign-up/email',
    json('POST', { name: 'Ana', email: `${'a'.repeat(3000)}@example.com`, password: 'contraseña-segura' }),
    'email',
  ],
  ['a null name in update-user', '/api/auth/update-user', json('POST', { name: null }, 'owner'), 'name'],
  ['a number as name in update-user', '/api/auth/update-user', json('POST', { name: 42 }, 'owner'), 'name'],
  [
    'an object as image in update-user',
    '/api/auth/update-user',
    json('POST', { image: { url: 'x' } }, 'owner'),
    'image',
  ],
];

describe('input the database cannot store', () => {
  it('is refused with 400 and a Spanish message naming the field, on every way in', async () => {
    const answers = [];
    for (const [name, path, { cookie, ...init }, field] of cases()) {
      const headers = new Headers(init.headers);
      if (cookie) headers.set('cookie', owner.cookie);
      const res = await t.request(path, { ...init, headers });
      const body = await res.text();
      answers.push({ name, status: res.status, body });
      expect.soft(res.status, `${name}: ${body}`).toBe(400);
      if (res.status !== 400) continue;
      const parsed = JSON.parse(body) as { code: string; message: string; field?: string };
      expect.soft(parsed.code, name).toBe('VALIDATION_ERROR');
      expect.soft(parsed.field, name).toBe(field);
      // Spanish: no English words of zod's or Better Auth's own messages.
      expect.soft(parsed.message, name).not.toMatch(/\b(invalid|expected|must|string|received)\b/i);
    }
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  });

  it('leaves the owner able to use the app afterwards', async () => {
    expect((await t.request('/api/health')).status).toBe(200);
    const signed = await signUp(t, {
      name: 'Después',
      email: 'despues@example.com',
      password: 'contraseña-segura',
    });
    expect(signed.res.status).toBe(200);
  });
});

describe('text that is not well-formed UTF-16', () => {
  // PGlite miscounts the bytes of a lone surrogate after a non-ASCII character: the text loses its end,
  // or breaks a character and fails with a 500, where PostgreSQL stores U+FFFD. The edge now makes it
  // U+FFFD for both (http/body-check.ts, ADR 0026).
  const LONE = 'ñ\udc00ñ';
  const STORED = 'ñ\ufffdñ';
  const asOwner = (path: string, init: RequestInit = {}) =>
    t.request(path, { ...init, headers: { ...init.headers, cookie: owner.cookie } });
  const post = (path: string, body: unknown, method = 'POST') =>
    asOwner(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('is stored as U+FFFD in business changes, chat sends and the profile', async () => {
    const business = `/api/businesses/ideas/${owner.businessId}`;
    const changed = await post(business, { goal: `Crecer ${LONE}` }, 'PATCH');
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(((await (await asOwner(business)).json()) as { goal: string }).goal).toBe(`Crecer ${STORED}`);

    const chat = `/api/businesses/${owner.businessId}/chats/${chatId}`;
    const sent = await post(`${chat}/messages/stream`, { content: `Hola ${LONE}` });
    expect(sent.status).toBeLessThan(500);
    await sent.text();
    const { messages } = (await (await asOwner(chat)).json()) as { messages: Array<{ content: string }> };
    expect(messages.map((m) => m.content)).toContain(`Hola ${STORED}`);

    const renamed = await post('/api/auth/update-user', { name: `Ana ${LONE}` });
    expect(renamed.status).toBe(200);
    expect(((await (await asOwner('/api/users/me')).json()) as { full_name: string }).full_name).toBe(
      `Ana ${STORED}`,
    );
  });

  it('is looked up as U+FFFD in reset codes: an unknown code, not a 500', async () => {
    const confirm = await post('/api/password-reset/confirm', {
      oobCode: `codigo${LONE}`,
      password: `contraseña-${LONE}`,
    });
    expect(confirm.status).toBe(400);
    const reset = await post('/api/auth/reset-password', {
      token: `codigo${LONE}`,
      newPassword: `nueva-${LONE}`,
    });
    expect(reset.status).toBe(400);
  });
});

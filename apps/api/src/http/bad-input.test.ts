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

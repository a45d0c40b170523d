import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  analyticsEvents,
  attachments,
  businesses,
  chats,
  messageFeedback,
  messages,
  productFeedback,
  researches,
  researchSources,
} from '../../db/schema/index.ts';
import { cookiesOf, createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { type FakeStripe, signStripePayload, startFakeStripe } from '../../test/fakes/stripe.ts';
import { createLocalStorage } from '../files/storage.ts';

const WEBHOOK_SECRET = 'whsec_test_account';
const PASSWORD = 'contraseña-segura';

let fake: FakeStripe;
let t: TestApp;
let dataDir: string;
let count = 0;
/** Each test signs in from addresses of its own, under the per-address sign-in limits. */
let address = 0;
const nextIp = () => {
  address += 1;
  return `10.88.${Math.floor(address / 250)}.${address % 250}`;
};

beforeAll(async () => {
  fake = await startFakeStripe();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-account-'));
  t = await createTestApp({
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_5: 'price_founder',
    STRIPE_PRICE_7: 'price_ceo_min',
    STRIPE_PRICE_11: 'price_ceo_medium',
    STRIPE_PRICE_12: 'price_ceo_max',
    STRIPE_API_URL: fake.url,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const jsonHeaders = (cookie?: string) => ({
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
});

async function newUser(name = 'Ana Pérez') {
  count += 1;
  const email = `cuenta${count}@example.com`;
  const { cookie, res } = await signUp(t, { name, email, password: PASSWORD });
  expect(res.status).toBe(200);
  const me = (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as { id: number };
  return { cookie, email, id: me.id };
}

function signIn(email: string, password: string, ip: string, rememberMe = true) {
  return t.request(
    '/api/auth/sign-in/email',
    { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ email, password, rememberMe }) },
    ip,
  );
}

const post = (route: string, cookie: string, body: unknown, ip?: string) =>
  t.request(
    `/api/auth${route}`,
    { method: 'POST', headers: jsonHeaders(cookie), body: JSON.stringify(body) },
    ip,
  );

/** RFC 6238 (SHA-1, 6 digits, 30 s) from the otpauth URI's base32 secret, as an authenticator app does. */
function totp(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = (hmac.at(-1) ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
/** A valid code that is not the current one's neighbour either (the server accepts ±1 period). */
const wrongCode = (uri: string) => {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(uri, Date.now() + shift)));
  for (let i = 0; ; i++) {
    const code = String(i).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
};

async function profile(cookie: string) {
  const res = await t.request('/api/auth/profile', { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('PATCH /api/users/me', () => {
  it('changes only the full name, trimmed, and refuses an empty or too long one in Spanish', async () => {
    const user = await newUser();
    const res = await t.request('/api/users/me', {
      method: 'PATCH',
      headers: jsonHeaders(user.cookie),
      body: JSON.stringify({ full_name: '  Ana María López  ', email: 'otro@example.com', plan_id: 12 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, full_name: 'Ana María López', plan_id: -1 });
    expect((await profile(user.cookie)).body).toMatchObject({
      email: user.email,
      full_name: 'Ana María López',
    });

    for (const [full_name, message] of [
      ['   ', 'Escribe tu nombre'],
      ['a'.repeat(101), 'El nombre no puede superar 100 caracteres'],
    ] as const) {
      const bad = await t.request('/api/users/me', {
        method: 'PATCH',
        headers: jsonHeaders(user.cookie),
        body: JSON.stringify({ full_name }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'full_name', message });
    }
    expect((await profile(user.cookie)).body.full_name).toBe('Ana María López');
    const anonymous = await t.request('/api/users/me', {
      method: 'PATCH',
      headers: jsonHeaders(),
      body: JSON.stringify({ full_name: 'Nadie' }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password and signs out the other sessions', async () => {
    const user = await newUser();
    const other = cookiesOf(await signIn(user.email, PASSWORD, nextIp()));
    expect((await t.request('/api/users/me', { headers: { cookie: other } })).status).toBe(200);

    const wrong = await post('/change-password', user.cookie, {
      currentPassword: 'no-es-la-mía',
      newPassword: 'nueva-contraseña',
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });

    const changed = await post('/change-password', user.cookie, {
      currentPassword: PASSWORD,
      newPassword: 'nueva-contraseña',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const current = cookiesOf(changed);
    expect((await t.request('/api/users/me', { headers: { cookie: current } })).status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie: other } })).status).toBe(401);
    expect((await signIn(user.email, PASSWORD, nextIp())).status).toBe(401);
    expect((await signIn(user.email, 'nueva-contraseña', nextIp())).status).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('enables with the password and a first code; then sign-in needs a code, and a backup code works once', async () => {
    const user = await newUser();
    const ip = nextIp();
    const refused = await post('/two-factor/enable', user.cookie, { password: 'no-es-la-mía' }, ip);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_PASSWORD' });

    const enabled = await post('/two-factor/enable', user.cookie, { password: PASSWORD }, ip);
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(backupCodes).toHaveLength(10);
    // Not on until the first code from the app is accepted.
    expect((await profile(user.cookie)).body.two_factor_enabled).toBe(false);
    const confirmed = await post('/two-factor/verify-totp', user.cookie, { code: totp(totpURI) }, ip);
    expect(confirmed.status).toBe(200);
    const cookie = cookiesOf(confirmed);
    expect((await profile(cookie)).body.two_factor_enabled).toBe(true);

    // The password alone gives no session, only the challenge.
    const first = await signIn(user.email, PASSWORD, ip);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const challenge = cookiesOf(first);
    expect((await t.request('/api/users/me', { headers: { cookie: challenge } })).status).toBe(401);

    const wrong = await post('/two-factor/verify-totp', challenge, { code: wrongCode(totpURI) }, ip);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    const right = await post('/two-factor/verify-totp', challenge, { code: totp(totpURI) }, ip);
    expect(right.status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie: cookiesOf(right) } })).status).toBe(200);
    // The challenge is spent: it cannot open a second session.
    const again = await post('/two-factor/verify-totp', challenge, { code: totp(totpURI) }, ip);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_COOKIE' });

    const backup = backupCodes[0] as string;
    const withBackup = cookiesOf(await signIn(user.email, PASSWORD, ip));
    const used = await post('/two-factor/verify-backup-code', withBackup, { code: backup }, ip);
    expect(used.status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie: cookiesOf(used) } })).status).toBe(200);
    const reuse = cookiesOf(await signIn(user.email, PASSWORD, nextIp()));
    const reused = await post('/two-factor/verify-backup-code', reuse, { code: backup }, ip);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
    const another = await post('/two-factor/verify-backup-code', reuse, { code: backupCodes[1] }, ip);
    expect(another.status).toBe(200);

    // Without the challenge cookie (expired, or never signed in) the code cannot be checked.
    const lost = await post('/two-factor/verify-totp', '', { code: totp(totpURI) }, ip);
    expect(lost.status).toBe(401);
    expect(await lost.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_COOKIE' });

    // Off again with the password: the password alone signs in.
    const disabled = await post('/two-factor/disable', cookie, { password: PASSWORD }, nextIp());
    expect(disabled.status).toBe(200);
    const plain = await signIn(user.email, PASSWORD, nextIp());
    expect(await plain.json()).toMatchObject({ user: { email: user.email } });
  });

  it('keeps "remember me" off through the second factor: the session cookie lasts the browser session', async () => {
    const user = await newUser();
    const ip = nextIp();
    const enabled = await post('/two-factor/enable', user.cookie, { password: PASSWORD }, ip);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    await post('/two-factor/verify-totp', user.cookie, { code: totp(totpURI) }, ip);

    for (const rememberMe of [false, true]) {
      const challenge = cookiesOf(await signIn(user.email, PASSWORD, nextIp(), rememberMe));
      const res = await post('/two-factor/verify-totp', challenge, { code: totp(totpURI) }, ip);
      expect(res.status).toBe(200);
      const session = res.headers.getSetCookie().find((c) => c.startsWith('rumbo.session_token='));
      expect(session).toBeDefined();
      expect(/max-age|expires/i.test(session ?? '')).toBe(rememberMe);
    }
  });
});

/** A business of the user's with a logo, research, a chat with messages and an attached file. */
async function fillAccount(userId: number, label: string) {
  const storage = createLocalStorage(path.join(dataDir, 'files'));
  const db = t.database.db;
  const [business] = await db
    .insert(businesses)
    .values({
      userId,
      stage: 'idea',
      name: `Negocio ${label}`,
      location: 'España',
      description: `Descripción de ${label}`,
      goal: 'Crecer',
      teamDescription: 'Yo',
      teamSize: 1,
      logoKey: `logos/${label}/v1.webp`,
      logoVersion: 'v1',
    })
    .returning();
  if (!business) throw new Error('no business');
  await storage.put(`logos/${label}/v1.webp`, Buffer.from(`logo de ${label}`));
  const [research] = await db
    .insert(researches)
    .values({
      businessId: business.id,
      maxTokens: 50000,
      status: 'completed',
      summary: `Informe de ${label}`,
    })
    .returning();
  await db.insert(researchSources).values({
    researchId: research?.id ?? 0,
    number: 1,
    url: `https://example.com/${label}`,
    title: 'Fuente',
    excerpt: '…',
  });
  const [chat] = await db
    .insert(chats)
    .values({ businessId: business.id, title: `Chat de ${label}` })
    .returning();
  const [question] = await db
    .insert(messages)
    .values({ chatId: chat?.id ?? 0, sender: 'user', content: `Pregunta de ${label}` })
    .returning();
  const [answer] = await db
    .insert(messages)
    .values({ chatId: chat?.id ?? 0, sender: 'ai_model', content: `Respuesta para ${label}` })
    .returning();
  const key = `attachments/${business.id}/${label}`;
  await storage.put(key, Buffer.from(`contenido del plan de ${label}`));
  await db.insert(attachments).values({
    id: crypto.randomUUID(),
    messageId: question?.id ?? 0,
    businessId: business.id,
    name: `plan-${label}.txt`,
    mimeType: 'text/plain',
    type: 'document',
    size: 10,
    storageKey: key,
  });
  await db.insert(messageFeedback).values({ messageId: answer?.id ?? 0, userId, rating: 'up' });
  await db.insert(productFeedback).values({ userId, message: `Opinión de ${label}` });
  await db.insert(analyticsEvents).values({ name: 'Página vista', userId });
  return { business, chatId: chat?.id ?? 0 };
}

describe('GET /api/users/me/export', () => {
  it('zips every business, chat, report and file of the user and nothing of another user', async () => {
    const owner = await newUser('Dueña');
    const stranger = await newUser('Otra');
    const first = await fillAccount(owner.id, 'alfa');
    const second = await fillAccount(owner.id, 'beta');
    await fillAccount(stranger.id, 'ajeno');

    expect((await t.request('/api/users/me/export')).status).toBe(401);
    const res = await t.request('/api/users/me/export', { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="rumbo-mis-datos-/);
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const names = Object.keys(zip.files).filter((name) => !zip.files[name]?.dir);
    const text = async (name: string) => (await zip.file(name)?.async('string')) ?? '';

    expect(JSON.parse(await text('perfil.json'))).toMatchObject({ email: owner.email, full_name: 'Dueña' });
    for (const [label, { business, chatId }] of [
      ['alfa', first],
      ['beta', second],
    ] as const) {
      const folder = `negocios/${business.id}-negocio-${label}`;
      expect(JSON.parse(await text(`${folder}/negocio.json`))).toMatchObject({ name: `Negocio ${label}` });
      expect(await text(`${folder}/logo.webp`)).toBe(`logo de ${label}`);
      expect(JSON.parse(await text(`${folder}/investigaciones.json`))).toMatchObject([
        { summary: `Informe de ${label}`, sources: [{ url: `https://example.com/${label}` }] },
      ]);
      const chat = JSON.parse(await text(`${folder}/chats/${chatId}.json`));
      expect(chat.messages.map((m: { content: string }) => m.content)).toEqual([
        `Pregunta de ${label}`,
        `Respuesta para ${label}`,
      ]);
      const attachment = names.find((name) => name.startsWith(`${folder}/adjuntos/`));
      expect(attachment).toMatch(new RegExp(`plan-${label}\\.txt$`));
      expect(await text(attachment ?? '')).toBe(`contenido del plan de ${label}`);
    }
    const everything = (await Promise.all(names.map(text))).join('\n');
    expect(everything).not.toContain('ajeno');
    expect(everything).not.toContain(stranger.email);
  });
});

async function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return t.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET),
    },
    body: payload,
  });
}

/** The user pays plan 7 through the Stripe fake; answers the subscription id. */
async function subscribe(cookie: string): Promise<string> {
  const res = await t.request('/api/subscriptions', {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify({ plan_id: 7 }),
  });
  const { url } = (await res.json()) as { url: string };
  const { subscription, invoice } = fake.completeCheckout(url.split('/').at(-1) ?? '');
  expect((await deliver(fake.event('invoice.paid', invoice))).status).toBe(200);
  return subscription.id as string;
}

/** Rows anywhere in the database that still belong to `userId` (or to the given businesses). */
async function rowsLeft(userId: number, email: string, businessIds: number[]) {
  const db = t.database.db;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('user_id', 'target_user_id', 'admin_user_id')`,
  );
  const left: string[] = [];
  const check = async (label: string, query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ n: number }>(db, query);
    if (Number(row?.n) > 0) left.push(label);
  };
  for (const { table_name, column_name } of columns) {
    await check(
      `${table_name}.${column_name}`,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${userId}`,
    );
  }
  const id = String(userId);
  await check('users', sql`select count(*)::int as n from users where id = ${userId} or email = ${email}`);
  await check('verifications', sql`select count(*)::int as n from verifications where value = ${id}`);
  await check('write_limits', sql`select count(*)::int as n from write_limits where key like ${`%:${id}`}`);
  await check(
    'sign_in_failures',
    sql`select count(*)::int as n from sign_in_failures where key like ${`%|${email}`}`,
  );
  for (const table of ['businesses', 'chats', 'attachments', 'researches']) {
    const column = table === 'businesses' ? 'id' : 'business_id';
    for (const businessId of businessIds) {
      await check(
        table,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${businessId}`,
      );
    }
  }
  return left;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('DELETE /api/users/me', () => {
  it('cancels the subscription at Stripe, then removes every row and file of the user and signs out everywhere', async () => {
    const user = await newUser('Se va');
    const stranger = await newUser('Se queda');
    const subscriptionId = await subscribe(user.cookie);
    const ip = nextIp();
    const enabled = await post('/two-factor/enable', user.cookie, { password: PASSWORD }, ip);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const confirmed = await post('/two-factor/verify-totp', user.cookie, { code: totp(totpURI) }, ip);
    const cookie = cookiesOf(confirmed);
    // A pending sign-in challenge and a failed attempt: rows that name the user without a foreign key.
    await signIn(user.email, PASSWORD, nextIp());
    await signIn(user.email, 'no-es-la-mía', nextIp());
    const { business } = await fillAccount(user.id, 'borrar');
    const kept = await fillAccount(stranger.id, 'conservar');
    const userFolder = path.join(dataDir, 'files', 'logos', 'borrar');
    expect(filesUnder(userFolder)).toHaveLength(1);

    const mismatch = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ confirmation: 'borrar' }),
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ code: 'CONFIRMATION_MISMATCH', field: 'confirmation' });

    const res = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ confirmation: 'ELIMINAR' }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /^rumbo\.session_token=;/.test(c))).toBe(true);
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`),
    ).toBe(true);

    expect(await rowsLeft(user.id, user.email, [business.id])).toEqual([]);
    expect(filesUnder(userFolder)).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'files', 'attachments', String(business.id)))).toEqual([]);
    for (const session of [cookie, user.cookie])
      expect((await t.request('/api/users/me', { headers: { cookie: session } })).status).toBe(401);
    expect((await signIn(user.email, PASSWORD, nextIp())).status).toBe(401);

    // The other user keeps everything.
    expect((await t.request('/api/users/me', { headers: { cookie: stranger.cookie } })).status).toBe(200);
    expect(filesUnder(path.join(dataDir, 'files', 'logos', 'conservar'))).toHaveLength(1);
    const [still] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chats where business_id = ${kept.business.id}`,
    );
    expect(still?.n).toBe(1);
  });

  it('deletes nothing when Stripe refuses to cancel, and says so in Spanish', async () => {
    const user = await newUser('Con suscripción');
    const subscriptionId = await subscribe(user.cookie);
    const { business } = await fillAccount(user.id, 'rechazo');
    fake.failNext(1);
    const res = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: jsonHeaders(user.cookie),
      body: JSON.stringify({ confirmation: user.email.toUpperCase() }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      code: 'SUBSCRIPTION_CANCEL_FAILED',
      message: expect.stringContaining('no se ha borrado nada'),
    });
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'active' });
    expect((await t.request('/api/users/me', { headers: { cookie: user.cookie } })).status).toBe(200);
    expect(await rowsLeft(user.id, user.email, [business.id])).not.toEqual([]);
    expect(filesUnder(path.join(dataDir, 'files', 'logos', 'rechazo'))).toHaveLength(1);
  });
});

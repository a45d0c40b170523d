import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { createTestApp, signUp, type TestApp } from './app.ts';
import { type FakeStripe, startFakeStripe } from './fakes/stripe.ts';

/** The account tests' app (with the Stripe fake and a data folder of its own) and their requests. */

export const WEBHOOK_SECRET = 'whsec_test_account';
export const PASSWORD = 'contraseña-segura';

export interface AccountApp {
  t: TestApp;
  fake: FakeStripe;
  dataDir: string;
}

export async function startAccountApp(): Promise<AccountApp> {
  const fake = await startFakeStripe();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-account-'));
  const t = await createTestApp({
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_5: 'price_founder',
    STRIPE_PRICE_7: 'price_ceo_min',
    STRIPE_PRICE_11: 'price_ceo_medium',
    STRIPE_PRICE_12: 'price_ceo_max',
    STRIPE_API_URL: fake.url,
  });
  return { t, fake, dataDir };
}

export async function closeAccountApp({ t, fake, dataDir }: AccountApp) {
  await t.close();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

let count = 0;
/** Each test signs in from addresses of its own, under the per-address sign-in limits. */
let address = 0;
export const nextIp = () => {
  address += 1;
  return `10.88.${Math.floor(address / 250)}.${address % 250}`;
};

export const jsonHeaders = (cookie?: string) => ({
  'content-type': 'application/json',
  ...(cookie ? { cookie } : {}),
});

export async function newUser(t: TestApp, name = 'Ana Pérez') {
  count += 1;
  const email = `cuenta${count}@example.com`;
  const { cookie, res } = await signUp(t, { name, email, password: PASSWORD });
  expect(res.status).toBe(200);
  const me = (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as { id: number };
  return { cookie, email, id: me.id };
}

export function signIn(t: TestApp, email: string, password: string, ip: string, rememberMe = true) {
  return t.request(
    '/api/auth/sign-in/email',
    { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ email, password, rememberMe }) },
    ip,
  );
}

export const post = (t: TestApp, route: string, cookie: string, body: unknown, ip?: string) =>
  t.request(
    `/api/auth${route}`,
    { method: 'POST', headers: jsonHeaders(cookie), body: JSON.stringify(body) },
    ip,
  );

/** RFC 6238 (SHA-1, 6 digits, 30 s) from the otpauth URI's base32 secret, as an authenticator app does. */
export function totp(uri: string, at = Date.now()): string {
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
export const wrongCode = (uri: string) => {
  const valid = new Set([-30_000, 0, 30_000].map((shift) => totp(uri, Date.now() + shift)));
  for (let i = 0; ; i++) {
    const code = String(i).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
};

export async function profile(t: TestApp, cookie: string) {
  const res = await t.request('/api/auth/profile', { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

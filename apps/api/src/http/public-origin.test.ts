import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, type TestApp } from '../test/app.ts';
import { type FakeStripe, startFakeStripe } from '../test/fakes/stripe.ts';

// Without PUBLIC_URL the app's own address is http://localhost:PORT; a user may open 127.0.0.1 instead.
const PORT = '3457';
const LOOPBACK = `http://127.0.0.1:${PORT}`;
const LOCALHOST = `http://localhost:${PORT}`;
const password = 'contraseña-segura';
let userCount = 0;

/** A request as a browser on `origin` sends it (Host and Origin of that address). */
function from(t: TestApp, origin: string, path: string, init: RequestInit = {}, clientIp?: string) {
  const headers = new Headers(init.headers);
  headers.set('host', new URL(origin).host);
  if (init.method && init.method !== 'GET') headers.set('origin', origin);
  return t.request(path, { ...init, headers }, clientIp);
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Signs a new user up on `origin`; their session cookie. */
async function newUser(t: TestApp, origin: string): Promise<string> {
  userCount += 1;
  const email = `direcciones${userCount}@example.com`;
  const res = await from(
    t,
    origin,
    '/api/auth/sign-up/email',
    json({ name: 'Lucía', email, password }),
    `10.91.0.${userCount}`,
  );
  expect(res.status).toBe(200);
  return cookiesOf(res);
}

async function checkoutUrl(t: TestApp, origin: string, cookie: string): Promise<string> {
  const res = await from(t, origin, '/api/subscriptions', {
    ...json({ plan_id: 7, success_url: 'https://evil.example/', cancel_url: 'https://evil.example/' }),
    headers: { 'content-type': 'application/json', cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

async function resetLink(t: TestApp, origin: string, email: string, headers: Record<string, string> = {}) {
  t.mails.length = 0;
  const res = await from(t, origin, '/api/auth/request-password-reset', {
    ...json({ email, redirectTo: '/reset-password' }),
    headers: { 'content-type': 'application/json', ...headers },
  });
  expect(res.status).toBe(200);
  await expect.poll(() => t.mails.length).toBe(1);
  return t.mails[0]?.link ?? '';
}

describe('without PUBLIC_URL, links follow the address in use (local test checkout)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: '', PORT });
  });
  afterAll(async () => t.close());

  it('signs in on 127.0.0.1 and returns from the test checkout to 127.0.0.1', async () => {
    const cookie = await newUser(t, LOOPBACK);
    const me = await from(t, LOOPBACK, '/api/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);

    const url = await checkoutUrl(t, LOOPBACK, cookie);
    expect(url).toMatch(new RegExp(`^${LOOPBACK}/api/billing/local/checkout/lcs_`));
    const path = new URL(url).pathname;
    const page = await from(t, LOOPBACK, path);
    expect(await page.text()).not.toContain('localhost');

    const paid = await from(t, LOOPBACK, `${path}/pay`, { method: 'POST', headers: { cookie } });
    expect(paid.status).toBe(303);
    const sessionId = path.split('/').at(-1);
    expect(paid.headers.get('location')).toBe(`${LOOPBACK}/stripe_success?session_id=${sessionId}`);

    const portal = await from(t, LOOPBACK, '/api/subscriptions/handle', {
      method: 'POST',
      headers: { cookie },
    });
    expect(((await portal.json()) as { url: string }).url).toMatch(
      new RegExp(`^${LOOPBACK}/api/billing/local/portal/`),
    );
  });

  it('cancelling the test checkout returns to the address in use', async () => {
    const cookie = await newUser(t, LOOPBACK);
    const path = new URL(await checkoutUrl(t, LOOPBACK, cookie)).pathname;
    const canceled = await from(t, LOOPBACK, `${path}/cancel`, { method: 'POST', headers: { cookie } });
    expect(canceled.headers.get('location')).toBe(`${LOOPBACK}/stripe_cancel`);
  });

  it('mails a reset link to the address in use; a host the app does not serve gets the default', async () => {
    await newUser(t, LOOPBACK);
    const email = `direcciones${userCount}@example.com`;
    expect(await resetLink(t, LOOPBACK, email)).toMatch(
      new RegExp(`^${LOOPBACK}/reset-password\\?mode=resetPassword&oobCode=`),
    );
    expect(await resetLink(t, LOCALHOST, email)).toMatch(new RegExp(`^${LOCALHOST}/reset-password\\?`));
    // A forged Host or a forwarded host from an untrusted client never reaches a link.
    const forged = await t.request('/api/auth/request-password-reset', {
      ...json({ email, redirectTo: '/reset-password' }),
      headers: { 'content-type': 'application/json', host: 'evil.example', origin: LOCALHOST },
    });
    expect(forged.status).toBe(200);
    t.mails.length = 0;
    expect(
      await resetLink(t, LOCALHOST, email, {
        'x-forwarded-host': `127.0.0.1:${PORT}`,
        'x-forwarded-proto': 'http',
      }),
    ).toMatch(new RegExp(`^${LOCALHOST}/reset-password\\?`));
  });
});

describe('behind a trusted proxy without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: '', PORT, TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(async () => t.close());

  it('reads the forwarded host of the proxy, still only among the addresses the app serves', async () => {
    await newUser(t, LOOPBACK);
    const email = `direcciones${userCount}@example.com`;
    const forwarded = (host: string) => ({ 'x-forwarded-host': host, 'x-forwarded-proto': 'http' });
    expect(await resetLink(t, LOCALHOST, email, forwarded(`127.0.0.1:${PORT}`))).toMatch(
      new RegExp(`^${LOOPBACK}/reset-password\\?`),
    );
    expect(await resetLink(t, LOOPBACK, email, forwarded('evil.example'))).toMatch(
      new RegExp(`^${LOCALHOST}/reset-password\\?`),
    );
  });
});

describe('without PUBLIC_URL, Stripe Checkout returns to the address in use', () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      PUBLIC_URL: '',
      PORT,
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_rumbo',
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
  });

  it('creates the Checkout Session with success and cancel addresses on 127.0.0.1', async () => {
    const cookie = await newUser(t, LOOPBACK);
    await checkoutUrl(t, LOOPBACK, cookie);
    const created = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
      .at(-1);
    expect(created?.body).toMatchObject({
      success_url: `${LOOPBACK}/stripe_success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${LOOPBACK}/stripe_cancel`,
    });
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000/' });
  });
  afterAll(async () => t.close());

  it('builds every link from PUBLIC_URL, whatever address the request used', async () => {
    const loopback = 'http://127.0.0.1:3000';
    const cookie = await newUser(t, loopback);
    expect(await checkoutUrl(t, loopback, cookie)).toMatch(/^http:\/\/localhost:3000\/api\/billing\/local\//);
    expect(await resetLink(t, loopback, `direcciones${userCount}@example.com`)).toMatch(
      /^http:\/\/localhost:3000\/reset-password\?/,
    );
  });
});

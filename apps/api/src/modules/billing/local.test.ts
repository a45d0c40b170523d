import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { billingSessions } from '../../db/schema/index.ts';
import { createTestApp, signUp, TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import { debit, ledgerSum } from '../credits/credits.ts';
import { nextMonthStart } from './fulfilment.ts';
import { CHECKOUT_PAGE_TITLE } from './local-pages.ts';

let t: TestApp;
let userCount = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Me {
  id: number;
  plan_id: number;
  available_credits: number | null;
}

async function newUser(app: TestApp = t): Promise<{ cookie: string; id: number }> {
  userCount += 1;
  const { cookie } = await signUp(app, {
    name: `Prueba ${userCount}`,
    email: `prueba${userCount}@example.com`,
    password: 'contraseña-segura',
  });
  const me = (await (await app.request('/api/users/me', { headers: { cookie } })).json()) as Me;
  return { cookie, id: me.id };
}

async function me(cookie: string): Promise<Me> {
  return (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as Me;
}

async function choosePlan(cookie: string, planId: number, app: TestApp = t): Promise<Response> {
  return app.request('/api/subscriptions', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      plan_id: planId,
      success_url: 'https://evil.example',
      cancel_url: 'https://evil.example',
    }),
  });
}

/** The path of an absolute URL the API answered (the test app is reached in-process). */
const pathOf = (url: string) => {
  expect(url.startsWith(TEST_PUBLIC_URL)).toBe(true);
  return url.slice(TEST_PUBLIC_URL.length);
};

/** A form post as the browser sends it from the page (same origin, the user's cookie). */
function post(path: string, cookie: string, form: Record<string, string> = {}): Promise<Response> {
  return t.request(path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

async function startCheckout(cookie: string, planId: number): Promise<{ page: string; sessionId: string }> {
  const res = await choosePlan(cookie, planId);
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const page = pathOf(url);
  expect(page).toMatch(/^\/api\/billing\/local\/checkout\/lcs_[\w-]+$/);
  return { page, sessionId: page.split('/').at(-1) as string };
}

async function localSubscriber(planId: number) {
  const user = await newUser();
  const { page } = await startCheckout(user.cookie, planId);
  expect((await post(`${page}/pay`, user.cookie)).status).toBe(303);
  return user;
}

async function openPortal(cookie: string): Promise<string> {
  const res = await t.request('/api/subscriptions/handle', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ return_url: 'https://evil.example' }),
  });
  expect(res.status).toBe(200);
  return pathOf(((await res.json()) as { url: string }).url);
}

describe('local test checkout', () => {
  it('shows a labelled test payment page without any script', async () => {
    const user = await newUser();
    const { page } = await startCheckout(user.cookie, 5);
    const res = await t.request(page, { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain(`<title>${CHECKOUT_PAGE_TITLE}`);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Founder');
    expect(html).toContain('19 €/mes');
    expect(html).toMatch(/<button[^>]*>Pagar<\/button>/);
    expect(html).toMatch(/<button[^>]*>\s*Cancelar\s*<\/button>/);
    expect(html).not.toMatch(/<script|<style|on(click|submit)=/i);
    const stylesheet = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1];
    const css = await t.request(stylesheet ?? '/missing');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('pays: the plan and its credits, a redirect to /stripe_success, and nothing more when paid again', async () => {
    const user = await newUser();
    const { page, sessionId } = await startCheckout(user.cookie, 5);
    const paid = await post(`${page}/pay`, user.cookie);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/stripe_success?session_id=${sessionId}`);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
    const status = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: user.cookie } });
    expect(await status.json()).toEqual({ status: 'paid' });

    const again = await post(`${page}/pay`, user.cookie);
    expect(again.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/stripe_success?session_id=${sessionId}`);
    expect(await ledgerSum(t.database.db, user.id)).toBe(500);
    const rows = await queryRows(t.database.db, sql`select id from credit_ledger where user_id = ${user.id}`);
    expect(rows).toHaveLength(1);
    // A paid session's page is no longer offered.
    expect((await t.request(page)).status).toBe(404);

    const current = await t.request('/api/subscriptions/current', { headers: { cookie: user.cookie } });
    const body = (await current.json()) as { current_period_end: string };
    expect(body).toMatchObject({
      plan_id: 5,
      provider: 'local',
      status: 'active',
      cancel_at_period_end: false,
    });
    const days = (new Date(body.current_period_end).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it('cancels: back to /stripe_cancel and nothing changes', async () => {
    const user = await newUser();
    const { page, sessionId } = await startCheckout(user.cookie, 7);
    const canceled = await post(`${page}/cancel`, user.cookie);
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/stripe_cancel`);
    expect(await me(user.cookie)).toMatchObject({ plan_id: -1, available_credits: 0 });
    const status = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: user.cookie } });
    expect(await status.json()).toEqual({ status: 'canceled' });
    // Paying a cancelled session does nothing either.
    expect((await post(`${page}/pay`, user.cookie)).headers.get('location')).toBe(
      `${TEST_PUBLIC_URL}/stripe_cancel`,
    );
    expect((await me(user.cookie)).plan_id).toBe(-1);
  });

  it('answers unknown sessions with a Spanish 404 page', async () => {
    const res = await t.request('/api/billing/local/checkout/lcs_nope');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Esta página de pago no existe o ha caducado');
    expect((await post('/api/billing/local/checkout/lcs_nope/pay', '')).status).toBe(404);
  });

  it('keeps each user to their own session lookups', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { sessionId } = await startCheckout(owner.cookie, 11);
    const res = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: other.cookie } });
    expect(res.status).toBe(404);
  });
});

describe('one live subscription per user (local checkout)', () => {
  it('expires the open checkout when another one opens: its page says so and it can no longer be paid', async () => {
    const user = await newUser();
    const first = await startCheckout(user.cookie, 5);
    const second = await startCheckout(user.cookie, 11);

    const page = await t.request(first.page, { headers: { cookie: user.cookie } });
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('Este pago ha caducado');
    expect(html).not.toMatch(/<button[^>]*>Pagar<\/button>/);
    const paid = await post(`${first.page}/pay`, user.cookie);
    expect(paid.status).toBe(410);
    expect(await paid.text()).toContain('Este pago ha caducado');
    expect(await me(user.cookie)).toMatchObject({ plan_id: -1, available_credits: 0 });
    const status = await t.request(`/api/subscriptions/${first.sessionId}`, {
      headers: { cookie: user.cookie },
    });
    expect(await status.json()).toEqual({ status: 'expired' });

    expect((await post(`${second.page}/pay`, user.cookie)).status).toBe(303);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
  });

  it('cancels a second payment made anyway: the plan and credits stay with the first', async () => {
    const user = await newUser();
    const first = await startCheckout(user.cookie, 11);
    // A second session that slipped past the expiry (two requests in the same instant, say).
    const racedId = 'lcs_raced_second_session_of_the_same_user';
    await t.database.db.insert(billingSessions).values({
      id: racedId,
      userId: user.id,
      provider: 'local',
      kind: 'checkout',
      planId: 5,
      status: 'open',
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    expect((await post(`${first.page}/pay`, user.cookie)).status).toBe(303);
    await debit(t.database.db, user.id, 100, 'test:raced-local-spend');

    const raced = await post(`/api/billing/local/checkout/${racedId}/pay`, user.cookie);
    expect(raced.status).toBe(303);
    expect(raced.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/stripe_success?session_id=${racedId}`);
    const status = await t.request(`/api/subscriptions/${racedId}`, { headers: { cookie: user.cookie } });
    expect(await status.json()).toEqual({ status: 'canceled' });
    expect(await me(user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1300 });
    expect(
      await queryRows(
        t.database.db,
        sql`select id from credit_ledger where user_id = ${user.id} and kind = 'reset'`,
      ),
    ).toHaveLength(1);
    const current = await t.request('/api/subscriptions/current', { headers: { cookie: user.cookie } });
    expect(await current.json()).toMatchObject({ plan_id: 11, status: 'active', provider: 'local' });
  });
});

describe('local customer portal', () => {
  it('switches to another plan: a new period with that plan’s credits', async () => {
    const user = await localSubscriber(7);
    await debit(t.database.db, user.id, 50, 'test:portal-spend');
    const portal = await openPortal(user.cookie);
    expect(portal).toMatch(/^\/api\/billing\/local\/portal\/lps_/);
    const html = await (await t.request(portal)).text();
    expect(html).toContain('Tu plan actual');
    expect(html).toContain('Cambiar a este plan');
    expect(html).toContain('Cancelar suscripción');
    expect(html).toContain(`href="${TEST_PUBLIC_URL}/profile/sub"`);
    expect(html).not.toMatch(/<script|<style/i);

    const switched = await post(`${portal}/switch`, user.cookie, { plan_id: '11' });
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/profile/sub`);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    expect(await ledgerSum(t.database.db, user.id)).toBe(1400);

    const invalid = await post(`${portal}/switch`, user.cookie, { plan_id: '9' });
    expect(invalid.status).toBe(400);
    expect((await me(user.cookie)).plan_id).toBe(11);
  });

  it('cancels the subscription: the user returns to plan -1', async () => {
    const user = await localSubscriber(12);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 12, available_credits: null });
    const portal = await openPortal(user.cookie);
    const canceled = await post(`${portal}/cancel`, user.cookie);
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/profile/sub`);
    expect((await me(user.cookie)).plan_id).toBe(-1);
    expect(await (await t.request(portal)).text()).toContain('No tienes una suscripción activa');
    const again = await t.request('/api/subscriptions/handle', {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    expect(again.status).toBe(409);
    // Subscribing again is possible afterwards.
    const { page } = await startCheckout(user.cookie, 5);
    expect((await post(`${page}/pay`, user.cookie)).status).toBe(303);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
  });
});

describe('the free plan (9)', () => {
  it('is applied at once with 100 credits, and choosing it again in the month grants nothing', async () => {
    const user = await newUser();
    const res = await choosePlan(user.cookie, 9);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: null, plan_id: 9 });
    expect(await me(user.cookie)).toMatchObject({ plan_id: 9, available_credits: 100 });

    await debit(t.database.db, user.id, 30, 'test:free-spend');
    expect((await choosePlan(user.cookie, 9)).status).toBe(200);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 9, available_credits: 70 });
    const profile = await t.request('/api/auth/profile', { headers: { cookie: user.cookie } });
    expect(((await profile.json()) as { credits: number }).credits).toBe(70);

    const current = await t.request('/api/subscriptions/current', { headers: { cookie: user.cookie } });
    expect(await current.json()).toEqual({
      plan_id: 9,
      provider: null,
      status: 'free',
      current_period_end: nextMonthStart(new Date()).toISOString(),
      cancel_at_period_end: false,
    });
  });
});

describe('the local checkout in production', () => {
  it('is refused: paid plans answer 503, the pages do not exist, the free plan still works', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const user = await newUser(prod);
      const paid = await choosePlan(user.cookie, 5, prod);
      expect(paid.status).toBe(503);
      expect(await paid.json()).toEqual({
        code: 'PAYMENTS_UNAVAILABLE',
        message: 'Los pagos no están disponibles en este momento. Inténtalo más tarde.',
      });
      const portal = await prod.request('/api/subscriptions/handle', {
        method: 'POST',
        headers: { cookie: user.cookie },
      });
      expect(portal.status).toBe(503);
      expect((await prod.request('/api/billing/local/checkout/lcs_any')).status).toBe(404);
      const free = await choosePlan(user.cookie, 9, prod);
      expect(free.status).toBe(200);
      const rows = await queryRows(prod.database.db, sql`select id from billing_sessions`);
      expect(rows).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { billingSessions } from '../../db/schema/index.ts';
import { loadEnv } from '../../env.ts';
import { createTestApp, signUp, TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import { type FakeStripe, signStripePayload, startFakeStripe } from '../../test/fakes/stripe.ts';
import { debit, ledgerSum } from '../credits/credits.ts';
import { stripeConfig } from './stripe-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_rumbo';
const PRICES = { 5: 'price_founder', 7: 'price_ceo_min', 11: 'price_ceo_medium', 12: 'price_ceo_max' };

let fake: FakeStripe;
let t: TestApp;
let userCount = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_5: PRICES[5],
    STRIPE_PRICE_7: PRICES[7],
    STRIPE_PRICE_11: PRICES[11],
    STRIPE_PRICE_12: PRICES[12],
    STRIPE_API_URL: fake.url,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

interface Me {
  id: number;
  plan_id: number;
  available_credits: number | null;
}

async function newUser(): Promise<{ cookie: string; id: number }> {
  userCount += 1;
  const { cookie } = await signUp(t, {
    name: `Cliente ${userCount}`,
    email: `cliente${userCount}@example.com`,
    password: 'contraseña-segura',
  });
  const me = (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as Me;
  return { cookie, id: me.id };
}

async function me(cookie: string): Promise<Me> {
  return (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as Me;
}

async function subscribe(cookie: string, body: Record<string, unknown>): Promise<Response> {
  return t.request('/api/subscriptions', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Starts a checkout for `planId` and returns the Stripe Checkout Session id. */
async function checkout(cookie: string, planId: number): Promise<string> {
  const res = await subscribe(cookie, { plan_id: planId });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const id = url.split('/').at(-1);
  if (!id) throw new Error('no session id');
  return id;
}

async function deliver(event: Record<string, unknown>, signature?: string): Promise<Response> {
  const payload = JSON.stringify(event, null, 2);
  return t.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signStripePayload(payload, WEBHOOK_SECRET),
    },
    body: payload,
  });
}

/** A user who paid `planId` through Checkout, with the invoice.paid webhook delivered. */
async function subscriber(planId: number) {
  const user = await newUser();
  const sessionId = await checkout(user.cookie, planId);
  const { subscription, invoice } = fake.completeCheckout(sessionId);
  expect((await deliver(fake.event('invoice.paid', invoice))).status).toBe(200);
  return { ...user, sessionId, subscriptionId: subscription.id as string, invoice };
}

async function ledgerRows(userId: number) {
  return queryRows<{ source_id: string; delta: number; kind: string }>(
    t.database.db,
    sql`select source_id, delta, kind from credit_ledger where user_id = ${userId} order by id`,
  );
}

async function eventStored(id: string): Promise<boolean> {
  const rows = await queryRows(t.database.db, sql`select id from billing_events where id = ${id}`);
  return rows.length > 0;
}

describe('stripeConfig', () => {
  it('points the SDK at STRIPE_API_URL when given, else at Stripe', () => {
    expect(stripeConfig(loadEnv({ STRIPE_API_URL: 'http://127.0.0.1:12111' }))).toMatchObject({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    expect(stripeConfig(loadEnv({ STRIPE_API_URL: 'https://[::1]' }))).toMatchObject({
      protocol: 'https',
      host: '::1',
      port: 443,
    });
    expect(stripeConfig(loadEnv({})).host).toBeUndefined();
  });
});

describe('Stripe checkout', () => {
  it('creates a subscription Checkout Session for the plan’s price, with return addresses from PUBLIC_URL', async () => {
    const user = await newUser();
    const res = await subscribe(user.cookie, {
      plan_id: 7,
      success_url: 'https://evil.example/robar',
      cancel_url: 'https://evil.example/robar',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; plan_id: number };
    expect(body.url).toMatch(new RegExp(`^${fake.url}/c/pay/cs_test_`));
    expect(body.plan_id).toBe(7);

    const created = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
      .at(-1);
    expect(created?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(user.id),
      line_items: [{ price: PRICES[7], quantity: '1' }],
      success_url: `${TEST_PUBLIC_URL}/stripe_success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_PUBLIC_URL}/stripe_cancel`,
    });
    const customerId = created?.body.customer as string;
    expect(fake.customers.get(customerId)).toMatchObject({ email: `cliente${userCount}@example.com` });

    // A second attempt reuses the user's customer.
    const customersBefore = fake.customers.size;
    await checkout(user.cookie, 11);
    const second = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(second?.body.customer).toBe(customerId);
    expect(second?.body.line_items).toEqual([{ price: PRICES[11], quantity: '1' }]);
    expect(fake.customers.size).toBe(customersBefore);
  });

  it('refuses a plan that is not offered', async () => {
    const user = await newUser();
    for (const plan_id of [-1, 3, 42]) {
      const res = await subscribe(user.cookie, { plan_id });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    }
    expect((await t.request('/api/subscriptions', { method: 'POST' })).status).toBe(401);
  });
});

describe('Stripe webhooks', () => {
  it('grants once for an invoice.paid delivered three times and once more under a new event id', async () => {
    const user = await newUser();
    const sessionId = await checkout(user.cookie, 7);
    const { invoice } = fake.completeCheckout(sessionId);
    const event = fake.event('invoice.paid', invoice);
    for (let i = 0; i < 3; i++) {
      const res = await deliver(event);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    const again = fake.event('invoice.paid', invoice);
    expect((await deliver(again)).status).toBe(200);

    expect(await me(user.cookie)).toMatchObject({ plan_id: 7, available_credits: 600 });
    const rows = await ledgerRows(user.id);
    expect(rows).toEqual([{ source_id: `invoice:stripe:${invoice.id}`, delta: 600, kind: 'reset' }]);
    expect(await eventStored(event.id as string)).toBe(true);
    expect(await eventStored(again.id as string)).toBe(true);
  });

  it('replaces the balance with the plan’s credits when a renewal invoice is paid', async () => {
    const { cookie, id, subscriptionId } = await subscriber(5);
    await t.database.db.execute(sql`update credit_balances set balance = 12 where user_id = ${id}`);
    await t.database.db.execute(
      sql`insert into credit_ledger (user_id, source_id, delta, kind) values (${id}, 'test:spent', -488, 'debit')`,
    );
    const renewal = fake.renew(subscriptionId);
    expect((await deliver(fake.event('invoice.paid', renewal))).status).toBe(200);
    expect(await me(cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
    expect(await ledgerSum(t.database.db, id)).toBe(500);
  });

  it('does not let an older customer.subscription.updated, delivered late, overwrite the current state', async () => {
    const { cookie, subscriptionId } = await subscriber(7);
    const before = fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId) ?? {}, {
      created: Math.floor(Date.now() / 1000) - 60,
    });
    // The customer moves to plan 11 in the portal; that event arrives first.
    const upgraded = fake.updateSubscription(subscriptionId, { price: PRICES[11] });
    expect((await deliver(fake.event('customer.subscription.updated', upgraded))).status).toBe(200);
    expect((await me(cookie)).plan_id).toBe(11);

    // Then the older event (its payload still says plan 7) arrives.
    expect((await deliver(before)).status).toBe(200);
    expect((await me(cookie)).plan_id).toBe(11);
    const current = await t.request('/api/subscriptions/current', { headers: { cookie } });
    expect(await current.json()).toMatchObject({ plan_id: 11, status: 'active', provider: 'stripe' });
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const user = await newUser();
    const sessionId = await checkout(user.cookie, 12);
    const { invoice } = fake.completeCheckout(sessionId);
    const event = fake.event('invoice.paid', invoice);
    const forged = signStripePayload(JSON.stringify(event, null, 2), 'whsec_someone_else');
    for (const signature of [forged, 't=1,v1=abc', '']) {
      const res = await deliver(event, signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_SIGNATURE');
    }
    expect(await eventStored(event.id as string)).toBe(false);
    expect(await me(user.cookie)).toMatchObject({ plan_id: -1, available_credits: 0 });
    expect(await ledgerRows(user.id)).toEqual([]);
  });

  it('answers 500 when an event cannot be applied, so that Stripe retries it, and applies the retry', async () => {
    const user = await newUser();
    const sessionId = await checkout(user.cookie, 5);
    const { invoice } = fake.completeCheckout(sessionId);
    const event = fake.event('invoice.paid', invoice);
    fake.failNext(); // the re-read of the subscription fails
    expect((await deliver(event)).status).toBe(500);
    expect(await eventStored(event.id as string)).toBe(false);
    expect((await me(user.cookie)).plan_id).toBe(-1);

    expect((await deliver(event)).status).toBe(200);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
  });

  it('returns the user to plan -1 when the subscription is deleted', async () => {
    const { cookie, subscriptionId } = await subscriber(11);
    expect((await me(cookie)).plan_id).toBe(11);
    const canceled = fake.cancelSubscription(subscriptionId);
    expect((await deliver(fake.event('customer.subscription.deleted', canceled))).status).toBe(200);
    expect((await me(cookie)).plan_id).toBe(-1);
    const current = await t.request('/api/subscriptions/current', { headers: { cookie } });
    expect(await current.json()).toEqual({
      plan_id: -1,
      provider: null,
      status: 'none',
      current_period_end: null,
      cancel_at_period_end: false,
    });
    // A redelivery of an older 'updated' (still active) does not bring the plan back.
    const stale = fake.event('customer.subscription.updated', { ...canceled, status: 'active' });
    expect((await deliver(stale)).status).toBe(200);
    expect((await me(cookie)).plan_id).toBe(-1);
  });

  it('reports a cancellation at the end of the period without ending the plan yet', async () => {
    const { cookie, subscriptionId } = await subscriber(7);
    const updated = fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    expect((await deliver(fake.event('customer.subscription.updated', updated))).status).toBe(200);
    const current = (await (
      await t.request('/api/subscriptions/current', { headers: { cookie } })
    ).json()) as {
      plan_id: number;
      cancel_at_period_end: boolean;
      current_period_end: string;
    };
    expect(current.plan_id).toBe(7);
    expect(current.cancel_at_period_end).toBe(true);
    const items = fake.subscriptions.get(subscriptionId)?.items as
      | { data: Array<{ current_period_end: number }> }
      | undefined;
    const item = items?.data[0];
    expect(current.current_period_end).toBe(new Date((item?.current_period_end ?? 0) * 1000).toISOString());
  });
});

describe('GET /api/subscriptions/{session}', () => {
  it('repairs a lost webhook: fulfils once, and the late webhook grants nothing more', async () => {
    const user = await newUser();
    const sessionId = await checkout(user.cookie, 5);
    const open = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: user.cookie } });
    expect(await open.json()).toEqual({ status: 'open' });

    const { invoice } = fake.completeCheckout(sessionId);
    for (let i = 0; i < 2; i++) {
      const res = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: user.cookie } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'paid' });
    }
    expect(await me(user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });

    expect((await deliver(fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await ledgerRows(user.id)).toHaveLength(1);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
  });

  it('answers 404 for another user’s session and for unknown ones', async () => {
    const owner = await newUser();
    const other = await newUser();
    const sessionId = await checkout(owner.cookie, 7);
    fake.completeCheckout(sessionId);
    const res = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: other.cookie } });
    expect(res.status).toBe(404);
    expect((await me(other.cookie)).plan_id).toBe(-1);
    expect((await me(owner.cookie)).plan_id).toBe(-1);
    const unknown = await t.request('/api/subscriptions/cs_test_nope', { headers: { cookie: owner.cookie } });
    expect(unknown.status).toBe(404);
    expect((await t.request(`/api/subscriptions/${sessionId}`)).status).toBe(401);
  });
});

describe('plan changes with a subscription', () => {
  it('opens the customer portal returning to /profile/sub, only for a subscriber', async () => {
    const { cookie, subscriptionId } = await subscriber(7);
    const res = await t.request('/api/subscriptions/handle', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ return_url: 'https://evil.example' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(new RegExp(`^${fake.url}/p/session/`));
    const portal = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect(portal?.body).toMatchObject({
      customer: fake.subscriptions.get(subscriptionId)?.customer,
      return_url: `${TEST_PUBLIC_URL}/profile/sub`,
    });

    const nobody = await newUser();
    const refused = await t.request('/api/subscriptions/handle', {
      method: 'POST',
      headers: { cookie: nobody.cookie },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('NO_SUBSCRIPTION');
  });

  it('refuses a second checkout or the free plan while a paid subscription is live', async () => {
    const { cookie } = await subscriber(5);
    for (const plan_id of [11, 9]) {
      const res = await subscribe(cookie, { plan_id });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('SUBSCRIPTION_ACTIVE');
    }
    expect(await me(cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
  });

  it('lets a Starter user buy a paid plan, whose credits replace the free ones', async () => {
    const user = await newUser();
    expect(await (await subscribe(user.cookie, { plan_id: 9 })).json()).toEqual({ url: null, plan_id: 9 });
    expect(await me(user.cookie)).toMatchObject({ plan_id: 9, available_credits: 100 });
    const sessionId = await checkout(user.cookie, 12);
    const { invoice } = fake.completeCheckout(sessionId);
    expect((await deliver(fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 12, available_credits: null });
    const profile = await t.request('/api/auth/profile', { headers: { cookie: user.cookie } });
    expect(((await profile.json()) as { credits: number | null }).credits).toBeNull();
  });
});

/** The lookup the stripe_success screen makes. */
async function checkoutStatus(cookie: string, sessionId: string): Promise<unknown> {
  const res = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.json();
}

/**
 * A second Checkout Session for the user's customer that slipped past every check (two requests in
 * the same instant, say), stored as the route stores its sessions.
 */
async function racedCheckout(userId: number, planId: 5 | 7 | 11 | 12): Promise<string> {
  const [row] = await queryRows<{ customer_id: string }>(
    t.database.db,
    sql`select customer_id from subscriptions where user_id = ${userId}`,
  );
  const stripe = new Stripe('sk_test_fake', stripeConfig(loadEnv({ STRIPE_API_URL: fake.url })));
  const metadata = { user_id: String(userId), plan_id: String(planId) };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: row?.customer_id,
    line_items: [{ price: PRICES[planId], quantity: 1 }],
    success_url: `${TEST_PUBLIC_URL}/stripe_success?session_id={CHECKOUT_SESSION_ID}`,
    metadata,
    subscription_data: { metadata },
  });
  await t.database.db.insert(billingSessions).values({
    id: session.id,
    userId,
    provider: 'stripe',
    kind: 'checkout',
    planId,
    status: 'open',
    expiresAt: new Date(session.expires_at * 1000),
  });
  return session.id;
}

/** Makes `subscriptionId` a minute older than it is, so that which one came first is not a tie. */
function backdate(subscriptionId: string) {
  const subscription = fake.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
  subscription.created = (subscription.created as number) - 60;
}

const statusOf = (subscriptionId: string) => fake.subscriptions.get(subscriptionId)?.status;

describe('one live subscription per user', () => {
  it('expires the open checkout when another one opens: the first can no longer be paid', async () => {
    const user = await newUser();
    const first = await checkout(user.cookie, 5);
    const second = await checkout(user.cookie, 11);
    expect(fake.checkoutSessions.get(first)?.status).toBe('expired');
    expect(() => fake.completeCheckout(first)).toThrow(/not payable/);
    expect(await checkoutStatus(user.cookie, first)).toEqual({ status: 'expired' });

    const { invoice } = fake.completeCheckout(second);
    expect((await deliver(fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    expect(await checkoutStatus(user.cookie, second)).toEqual({ status: 'paid' });
  });

  it('refuses a new checkout when the open one was paid before it could be expired, and applies that payment', async () => {
    const user = await newUser();
    const first = await checkout(user.cookie, 5);
    fake.completeCheckout(first); // paid; its webhook has not arrived yet
    const sessionsBefore = fake.checkoutSessions.size;

    const res = await subscribe(user.cookie, { plan_id: 11 });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('SUBSCRIPTION_ACTIVE');
    expect(fake.checkoutSessions.size).toBe(sessionsBefore);
    expect(await me(user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
    expect(await checkoutStatus(user.cookie, first)).toEqual({ status: 'paid' });
  });

  it('refunds and cancels a second subscription that became active anyway; its later invoices change nothing', async () => {
    const first = await subscriber(11);
    const refundsBefore = fake.refunds.size;
    const racedSession = await racedCheckout(first.id, 5);
    const raced = fake.completeCheckout(racedSession);
    const racedId = raced.subscription.id as string;
    backdate(first.subscriptionId);

    // Stripe sends both at about the same time; and the same event again.
    const paid = fake.event('invoice.paid', raced.invoice);
    const created = fake.event('customer.subscription.created', raced.subscription);
    const answers = await Promise.all([deliver(paid), deliver(created)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect((await deliver(paid)).status).toBe(200);

    expect(statusOf(racedId)).toBe('canceled');
    expect(statusOf(first.subscriptionId)).toBe('active');
    expect(fake.netPaid(racedId)).toBe(0);
    expect(fake.netPaid(first.subscriptionId)).toBe(1900);
    expect(fake.refunds.size).toBe(refundsBefore + 1);
    expect(await me(first.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    expect(await checkoutStatus(first.cookie, racedSession)).toEqual({ status: 'canceled' });

    // What Stripe sends about the cancelled one, and an invoice of it, change nothing.
    await debit(t.database.db, first.id, 100, 'test:raced-spend');
    const deleted = fake.event('customer.subscription.deleted', fake.subscriptions.get(racedId) ?? {});
    expect((await deliver(deleted)).status).toBe(200);
    const lateInvoice = fake.renew(racedId);
    expect((await deliver(fake.event('invoice.paid', lateInvoice))).status).toBe(200);
    expect(await me(first.cookie)).toMatchObject({ plan_id: 11, available_credits: 1300 });

    // The survivor renews as before.
    const renewal = fake.renew(first.subscriptionId);
    expect((await deliver(fake.event('invoice.paid', renewal))).status).toBe(200);
    expect(await me(first.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    const current = await t.request('/api/subscriptions/current', { headers: { cookie: first.cookie } });
    expect(await current.json()).toMatchObject({ plan_id: 11, status: 'active', provider: 'stripe' });
  });

  it('keeps the older subscription whatever arrives first, also when only the success page reads them', async () => {
    const user = await newUser();
    const olderSession = await checkout(user.cookie, 11);
    const older = fake.completeCheckout(olderSession);
    const newerSession = await racedCheckout(user.id, 5);
    const newer = fake.completeCheckout(newerSession);
    backdate(older.subscription.id as string);

    // No webhook has arrived: the newer payment's success page is read first.
    expect(await checkoutStatus(user.cookie, newerSession)).toEqual({ status: 'canceled' });
    expect(statusOf(newer.subscription.id as string)).toBe('canceled');
    expect(fake.netPaid(newer.subscription.id as string)).toBe(0);
    expect((await me(user.cookie)).plan_id).toBe(11);

    expect(await checkoutStatus(user.cookie, olderSession)).toEqual({ status: 'paid' });
    expect(await me(user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    // The webhooks, late, change nothing more.
    for (const invoice of [newer.invoice, older.invoice]) {
      expect((await deliver(fake.event('invoice.paid', invoice))).status).toBe(200);
    }
    expect(await me(user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    expect(await ledgerRows(user.id)).toHaveLength(1);
    expect(statusOf(older.subscription.id as string)).toBe('active');
    expect(fake.netPaid(older.subscription.id as string)).toBe(1900);
  });
});

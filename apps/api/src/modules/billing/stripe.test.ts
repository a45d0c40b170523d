import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { AppError } from '../../http/errors.ts';
import { createLogger } from '../../logger.ts';
import { TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import { type FakeStripe, signStripePayload } from '../../test/fakes/stripe.ts';
import {
  checkout,
  closeStripeApp,
  deliver,
  eventStored,
  ledgerRows,
  me,
  newUser,
  PRICES,
  type StripeApp,
  startStripeApp,
  subscribe,
  subscriber,
  WEBHOOK_SECRET,
} from '../../test/stripe-test-app.ts';
import { ledgerSum } from '../credits/credits.ts';
import { createStripeContext, stripeConfig } from './stripe-client.ts';
import { handleStripeWebhook } from './stripe-webhook.ts';

// Stripe's client settings, Checkout and the webhooks; the checkout status, the portal and one live
// subscription per user are in stripe-subscriptions.test.ts.

let app: StripeApp;
let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  app = await startStripeApp();
  ({ t, fake } = app);
});
afterAll(async () => {
  await closeStripeApp(app);
});

/** The Stripe-Signature header Stripe would send for `payload`, signed `offsetSeconds` from now. */
function signedAt(payload: string, offsetSeconds: number): string {
  return new Stripe('sk_test_fake').webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000) + offsetSeconds,
  });
}

/**
 * Hands `event` to the webhook handler itself, signed `offsetSeconds` from now, with a logger whose
 * lines are kept: what the route answers is checked through HTTP, what it logs here.
 */
async function handleLogged(event: Record<string, unknown>, offsetSeconds = 0) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const payload = JSON.stringify(event, null, 2);
  const outcome = await handleStripeWebhook(
    await createStripeContext(t.env, t.database.db, 'sk_test_fake'),
    WEBHOOK_SECRET,
    new TextEncoder().encode(payload),
    signedAt(payload, offsetSeconds),
    createLogger('info', destination),
  ).then(
    () => 'applied',
    (error: unknown) => (error instanceof AppError ? error.status : error),
  );
  return { outcome, log: lines.join('') };
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
    const user = await newUser(app);
    const res = await subscribe(app, user.cookie, {
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
    expect(fake.customers.get(customerId)).toMatchObject({ email: user.email });

    // A second attempt reuses the user's customer.
    const customersBefore = fake.customers.size;
    await checkout(app, user.cookie, 11);
    const second = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(second?.body.customer).toBe(customerId);
    expect(second?.body.line_items).toEqual([{ price: PRICES[11], quantity: '1' }]);
    expect(fake.customers.size).toBe(customersBefore);
  });

  it('refuses a plan that is not offered', async () => {
    const user = await newUser(app);
    for (const plan_id of [-1, 3, 42]) {
      const res = await subscribe(app, user.cookie, { plan_id });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_ERROR');
    }
    expect((await t.request('/api/subscriptions', { method: 'POST' })).status).toBe(401);
  });
});

describe('Stripe webhooks', () => {
  it('grants once for an invoice.paid delivered three times and once more under a new event id', async () => {
    const user = await newUser(app);
    const sessionId = await checkout(app, user.cookie, 7);
    const { invoice } = fake.completeCheckout(sessionId);
    const event = fake.event('invoice.paid', invoice);
    for (let i = 0; i < 3; i++) {
      const res = await deliver(app, event);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    const again = fake.event('invoice.paid', invoice);
    expect((await deliver(app, again)).status).toBe(200);

    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 7, available_credits: 600 });
    const rows = await ledgerRows(app, user.id);
    expect(rows).toEqual([{ source_id: `invoice:stripe:${invoice.id}`, delta: 600, kind: 'reset' }]);
    expect(await eventStored(app, event.id as string)).toBe(true);
    expect(await eventStored(app, again.id as string)).toBe(true);
  });

  it('replaces the balance with the plan’s credits when a renewal invoice is paid', async () => {
    const { cookie, id, subscriptionId } = await subscriber(app, 5);
    await t.database.db.execute(sql`update credit_balances set balance = 12 where user_id = ${id}`);
    await t.database.db.execute(
      sql`insert into credit_ledger (user_id, source_id, delta, kind) values (${id}, 'test:spent', -488, 'debit')`,
    );
    const renewal = fake.renew(subscriptionId);
    expect((await deliver(app, fake.event('invoice.paid', renewal))).status).toBe(200);
    expect(await me(app, cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
    expect(await ledgerSum(t.database.db, id)).toBe(500);
  });

  it('does not let an older customer.subscription.updated, delivered late, overwrite the current state', async () => {
    const { cookie, subscriptionId } = await subscriber(app, 7);
    const before = fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId) ?? {}, {
      created: Math.floor(Date.now() / 1000) - 60,
    });
    // The customer moves to plan 11 in the portal; that event arrives first.
    const upgraded = fake.updateSubscription(subscriptionId, { price: PRICES[11] });
    expect((await deliver(app, fake.event('customer.subscription.updated', upgraded))).status).toBe(200);
    expect((await me(app, cookie)).plan_id).toBe(11);

    // Then the older event (its payload still says plan 7) arrives.
    expect((await deliver(app, before)).status).toBe(200);
    expect((await me(app, cookie)).plan_id).toBe(11);
    const current = await t.request('/api/subscriptions/current', { headers: { cookie } });
    expect(await current.json()).toMatchObject({ plan_id: 11, status: 'active', provider: 'stripe' });
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const user = await newUser(app);
    const sessionId = await checkout(app, user.cookie, 12);
    const { invoice } = fake.completeCheckout(sessionId);
    const event = fake.event('invoice.paid', invoice);
    const forged = signStripePayload(JSON.stringify(event, null, 2), 'whsec_someone_else');
    for (const signature of [forged, 't=1,v1=abc', '']) {
      const res = await deliver(app, event, signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_SIGNATURE');
    }
    expect(await eventStored(app, event.id as string)).toBe(false);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: -1, available_credits: 0 });
    expect(await ledgerRows(app, user.id)).toEqual([]);
  });

  it('refuses a validly signed event timestamped beyond the tolerance in either direction, and logs the future one', async () => {
    const user = await newUser(app);
    const sessionId = await checkout(app, user.cookie, 7);
    const { invoice } = fake.completeCheckout(sessionId);
    const event = fake.event('invoice.paid', invoice);
    const payload = JSON.stringify(event, null, 2);
    for (const offsetSeconds of [600, -600, 330]) {
      const res = await deliver(app, event, signedAt(payload, offsetSeconds));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_SIGNATURE');
    }
    expect(await eventStored(app, event.id as string)).toBe(false);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: -1, available_credits: 0 });

    const future = await handleLogged(event, 600);
    expect(future.outcome).toBe(400);
    expect(future.log).toContain('stripe webhook signed in the future, refused');
    expect(future.log).toContain(event.id as string);
    expect(future.log).not.toContain(user.email);

    // A clock a minute ahead of ours is within the tolerance.
    expect((await deliver(app, event, signedAt(payload, 60))).status).toBe(200);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 7, available_credits: 600 });
  });

  it('acknowledges an invoice.paid for a subscription Stripe does not know, logs it and stores nothing', async () => {
    const user = await newUser(app);
    const sessionId = await checkout(app, user.cookie, 11);
    const { invoice } = fake.completeCheckout(sessionId);
    const unknown = {
      ...invoice,
      id: 'in_not_ours',
      customer_email: user.email,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_unknown' } },
    };
    const event = fake.event('invoice.paid', unknown);
    for (let i = 0; i < 2; i++) {
      const res = await deliver(app, event);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    expect(await eventStored(app, event.id as string)).toBe(false);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: -1, available_credits: 0 });
    expect(await ledgerRows(app, user.id)).toEqual([]);

    const logged = await handleLogged(fake.event('invoice.paid', unknown));
    expect(logged.outcome).toBe('applied');
    expect(logged.log).toContain('"level":40');
    expect(logged.log).toContain('sub_unknown');
    expect(logged.log).not.toContain(user.email);
  });

  it('answers 500 when an event cannot be applied, so that Stripe retries it, and applies the retry', async () => {
    const user = await newUser(app);
    const sessionId = await checkout(app, user.cookie, 5);
    const { invoice } = fake.completeCheckout(sessionId);
    const event = fake.event('invoice.paid', invoice);
    fake.failNext(); // the re-read of the subscription fails
    expect((await deliver(app, event)).status).toBe(500);
    expect(await eventStored(app, event.id as string)).toBe(false);
    expect((await me(app, user.cookie)).plan_id).toBe(-1);

    expect((await deliver(app, event)).status).toBe(200);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
  });

  it('returns the user to plan -1 when the subscription is deleted', async () => {
    const { cookie, subscriptionId } = await subscriber(app, 11);
    expect((await me(app, cookie)).plan_id).toBe(11);
    const canceled = fake.cancelSubscription(subscriptionId);
    expect((await deliver(app, fake.event('customer.subscription.deleted', canceled))).status).toBe(200);
    expect((await me(app, cookie)).plan_id).toBe(-1);
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
    expect((await deliver(app, stale)).status).toBe(200);
    expect((await me(app, cookie)).plan_id).toBe(-1);
  });

  it('reports a cancellation at the end of the period without ending the plan yet', async () => {
    const { cookie, subscriptionId } = await subscriber(app, 7);
    const updated = fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    expect((await deliver(app, fake.event('customer.subscription.updated', updated))).status).toBe(200);
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import type { FakeStripe } from '../../test/fakes/stripe.ts';
import {
  backdate,
  checkout,
  checkoutStatus,
  closeStripeApp,
  deliver,
  ledgerRows,
  me,
  newUser,
  racedCheckout,
  type StripeApp,
  startStripeApp,
  statusOf,
  subscribe,
  subscriber,
} from '../../test/stripe-test-app.ts';
import { debit } from '../credits/credits.ts';

// After the payment with Stripe: the success page's status lookup, the customer portal and plan
// changes, and one live subscription per user.

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

describe('GET /api/subscriptions/{session}', () => {
  it('repairs a lost webhook: fulfils once, and the late webhook grants nothing more', async () => {
    const user = await newUser(app);
    const sessionId = await checkout(app, user.cookie, 5);
    const open = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: user.cookie } });
    expect(await open.json()).toEqual({ status: 'open' });

    const { invoice } = fake.completeCheckout(sessionId);
    for (let i = 0; i < 2; i++) {
      const res = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: user.cookie } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'paid' });
    }
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });

    expect((await deliver(app, fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await ledgerRows(app, user.id)).toHaveLength(1);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
  });

  it('answers 404 for another user’s session and for unknown ones', async () => {
    const owner = await newUser(app);
    const other = await newUser(app);
    const sessionId = await checkout(app, owner.cookie, 7);
    fake.completeCheckout(sessionId);
    const res = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie: other.cookie } });
    expect(res.status).toBe(404);
    expect((await me(app, other.cookie)).plan_id).toBe(-1);
    expect((await me(app, owner.cookie)).plan_id).toBe(-1);
    const unknown = await t.request('/api/subscriptions/cs_test_nope', { headers: { cookie: owner.cookie } });
    expect(unknown.status).toBe(404);
    expect((await t.request(`/api/subscriptions/${sessionId}`)).status).toBe(401);
  });
});

describe('plan changes with a subscription', () => {
  it('opens the customer portal returning to /profile/sub, only for a subscriber', async () => {
    const { cookie, subscriptionId } = await subscriber(app, 7);
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

    const nobody = await newUser(app);
    const refused = await t.request('/api/subscriptions/handle', {
      method: 'POST',
      headers: { cookie: nobody.cookie },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('NO_SUBSCRIPTION');
  });

  it('refuses a second checkout or the free plan while a paid subscription is live', async () => {
    const { cookie } = await subscriber(app, 5);
    for (const plan_id of [11, 9]) {
      const res = await subscribe(app, cookie, { plan_id });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('SUBSCRIPTION_ACTIVE');
    }
    expect(await me(app, cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
  });

  it('lets a Starter user buy a paid plan, whose credits replace the free ones', async () => {
    const user = await newUser(app);
    expect(await (await subscribe(app, user.cookie, { plan_id: 9 })).json()).toEqual({
      url: null,
      plan_id: 9,
    });
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 9, available_credits: 100 });
    const sessionId = await checkout(app, user.cookie, 12);
    const { invoice } = fake.completeCheckout(sessionId);
    expect((await deliver(app, fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 12, available_credits: null });
    const profile = await t.request('/api/auth/profile', { headers: { cookie: user.cookie } });
    expect(((await profile.json()) as { credits: number | null }).credits).toBeNull();
  });
});

describe('one live subscription per user', () => {
  it('expires the open checkout when another one opens: the first can no longer be paid', async () => {
    const user = await newUser(app);
    const first = await checkout(app, user.cookie, 5);
    const second = await checkout(app, user.cookie, 11);
    expect(fake.checkoutSessions.get(first)?.status).toBe('expired');
    expect(() => fake.completeCheckout(first)).toThrow(/not payable/);
    expect(await checkoutStatus(app, user.cookie, first)).toEqual({ status: 'expired' });

    const { invoice } = fake.completeCheckout(second);
    expect((await deliver(app, fake.event('invoice.paid', invoice))).status).toBe(200);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    expect(await checkoutStatus(app, user.cookie, second)).toEqual({ status: 'paid' });
  });

  it('refuses a new checkout when the open one was paid before it could be expired, and applies that payment', async () => {
    const user = await newUser(app);
    const first = await checkout(app, user.cookie, 5);
    fake.completeCheckout(first); // paid; its webhook has not arrived yet
    const sessionsBefore = fake.checkoutSessions.size;

    const res = await subscribe(app, user.cookie, { plan_id: 11 });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('SUBSCRIPTION_ACTIVE');
    expect(fake.checkoutSessions.size).toBe(sessionsBefore);
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 5, available_credits: 500 });
    expect(await checkoutStatus(app, user.cookie, first)).toEqual({ status: 'paid' });
  });

  it('refunds and cancels a second subscription that became active anyway; its later invoices change nothing', async () => {
    const first = await subscriber(app, 11);
    const refundsBefore = fake.refunds.size;
    const racedSession = await racedCheckout(app, first.id, 5);
    const raced = fake.completeCheckout(racedSession);
    const racedId = raced.subscription.id as string;
    backdate(app, first.subscriptionId);

    // Stripe sends both at about the same time; and the same event again.
    const paid = fake.event('invoice.paid', raced.invoice);
    const created = fake.event('customer.subscription.created', raced.subscription);
    const answers = await Promise.all([deliver(app, paid), deliver(app, created)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect((await deliver(app, paid)).status).toBe(200);

    expect(statusOf(app, racedId)).toBe('canceled');
    expect(statusOf(app, first.subscriptionId)).toBe('active');
    expect(fake.netPaid(racedId)).toBe(0);
    expect(fake.netPaid(first.subscriptionId)).toBe(1900);
    expect(fake.refunds.size).toBe(refundsBefore + 1);
    expect(await me(app, first.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    expect(await checkoutStatus(app, first.cookie, racedSession)).toEqual({ status: 'canceled' });

    // What Stripe sends about the cancelled one, and an invoice of it, change nothing.
    await debit(t.database.db, first.id, 100, 'test:raced-spend');
    const deleted = fake.event('customer.subscription.deleted', fake.subscriptions.get(racedId) ?? {});
    expect((await deliver(app, deleted)).status).toBe(200);
    const lateInvoice = fake.renew(racedId);
    expect((await deliver(app, fake.event('invoice.paid', lateInvoice))).status).toBe(200);
    expect(await me(app, first.cookie)).toMatchObject({ plan_id: 11, available_credits: 1300 });

    // The survivor renews as before.
    const renewal = fake.renew(first.subscriptionId);
    expect((await deliver(app, fake.event('invoice.paid', renewal))).status).toBe(200);
    expect(await me(app, first.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    const current = await t.request('/api/subscriptions/current', { headers: { cookie: first.cookie } });
    expect(await current.json()).toMatchObject({ plan_id: 11, status: 'active', provider: 'stripe' });
  });

  it('keeps the older subscription whatever arrives first, also when only the success page reads them', async () => {
    const user = await newUser(app);
    const olderSession = await checkout(app, user.cookie, 11);
    const older = fake.completeCheckout(olderSession);
    const newerSession = await racedCheckout(app, user.id, 5);
    const newer = fake.completeCheckout(newerSession);
    backdate(app, older.subscription.id as string);

    // No webhook has arrived: the newer payment's success page is read first.
    expect(await checkoutStatus(app, user.cookie, newerSession)).toEqual({ status: 'canceled' });
    expect(statusOf(app, newer.subscription.id as string)).toBe('canceled');
    expect(fake.netPaid(newer.subscription.id as string)).toBe(0);
    expect((await me(app, user.cookie)).plan_id).toBe(11);

    expect(await checkoutStatus(app, user.cookie, olderSession)).toEqual({ status: 'paid' });
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    // The webhooks, late, change nothing more.
    for (const invoice of [newer.invoice, older.invoice]) {
      expect((await deliver(app, fake.event('invoice.paid', invoice))).status).toBe(200);
    }
    expect(await me(app, user.cookie)).toMatchObject({ plan_id: 11, available_credits: 1400 });
    expect(await ledgerRows(app, user.id)).toHaveLength(1);
    expect(statusOf(app, older.subscription.id as string)).toBe('active');
    expect(fake.netPaid(older.subscription.id as string)).toBe(1900);
  });
});

import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { queryRows } from '../db/client.ts';
import { billingSessions } from '../db/schema/index.ts';
import { loadEnv } from '../env.ts';
import { stripeConfig } from '../modules/billing/stripe-client.ts';
import { createTestApp, signUp, TEST_PUBLIC_URL, type TestApp } from './app.ts';
import { type FakeStripe, signStripePayload, startFakeStripe } from './fakes/stripe.ts';

/** The Stripe tests' app (with the loopback Stripe fake) and the requests and checks they share. */

export const WEBHOOK_SECRET = 'whsec_test_rumbo';
export const PRICES = { 5: 'price_founder', 7: 'price_ceo_min', 11: 'price_ceo_medium', 12: 'price_ceo_max' };

export interface StripeApp {
  t: TestApp;
  fake: FakeStripe;
}

export async function startStripeApp(): Promise<StripeApp> {
  const fake = await startFakeStripe();
  const t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_5: PRICES[5],
    STRIPE_PRICE_7: PRICES[7],
    STRIPE_PRICE_11: PRICES[11],
    STRIPE_PRICE_12: PRICES[12],
    STRIPE_API_URL: fake.url,
  });
  return { t, fake };
}

export async function closeStripeApp({ t, fake }: StripeApp): Promise<void> {
  await t.close();
  await fake.close();
}

export interface Me {
  id: number;
  plan_id: number;
  available_credits: number | null;
}

let userCount = 0;

export async function newUser({ t }: StripeApp): Promise<{ cookie: string; id: number; email: string }> {
  userCount += 1;
  const email = `cliente${userCount}@example.com`;
  const { cookie } = await signUp(t, { name: `Cliente ${userCount}`, email, password: 'contraseña-segura' });
  const me = (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as Me;
  return { cookie, id: me.id, email };
}

export async function me({ t }: StripeApp, cookie: string): Promise<Me> {
  return (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as Me;
}

export async function subscribe(
  { t }: StripeApp,
  cookie: string,
  body: Record<string, unknown>,
): Promise<Response> {
  return t.request('/api/subscriptions', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Starts a checkout for `planId` and returns the Stripe Checkout Session id. */
export async function checkout(app: StripeApp, cookie: string, planId: number): Promise<string> {
  const res = await subscribe(app, cookie, { plan_id: planId });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const id = url.split('/').at(-1);
  if (!id) throw new Error('no session id');
  return id;
}

export async function deliver(
  { t }: StripeApp,
  event: Record<string, unknown>,
  signature?: string,
): Promise<Response> {
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
export async function subscriber(app: StripeApp, planId: number) {
  const user = await newUser(app);
  const sessionId = await checkout(app, user.cookie, planId);
  const { subscription, invoice } = app.fake.completeCheckout(sessionId);
  expect((await deliver(app, app.fake.event('invoice.paid', invoice))).status).toBe(200);
  return { ...user, sessionId, subscriptionId: subscription.id as string, invoice };
}

export async function ledgerRows({ t }: StripeApp, userId: number) {
  return queryRows<{ source_id: string; delta: number; kind: string }>(
    t.database.db,
    sql`select source_id, delta, kind from credit_ledger where user_id = ${userId} order by id`,
  );
}

export async function eventStored({ t }: StripeApp, id: string): Promise<boolean> {
  const rows = await queryRows(t.database.db, sql`select id from billing_events where id = ${id}`);
  return rows.length > 0;
}

/** The lookup the stripe_success screen makes. */
export async function checkoutStatus({ t }: StripeApp, cookie: string, sessionId: string): Promise<unknown> {
  const res = await t.request(`/api/subscriptions/${sessionId}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.json();
}

/**
 * A second Checkout Session for the user's customer that slipped past every check (two requests in
 * the same instant, say), stored as the route stores its sessions.
 */
export async function racedCheckout(
  { t, fake }: StripeApp,
  userId: number,
  planId: 5 | 7 | 11 | 12,
): Promise<string> {
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
export function backdate({ fake }: StripeApp, subscriptionId: string) {
  const subscription = fake.subscriptions.get(subscriptionId);
  if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
  subscription.created = (subscription.created as number) - 60;
}

export const statusOf = ({ fake }: StripeApp, subscriptionId: string) =>
  fake.subscriptions.get(subscriptionId)?.status;

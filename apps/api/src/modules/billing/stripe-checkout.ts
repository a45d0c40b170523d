import type { CheckoutStatus } from '@rumbo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { billingSessions } from '../../db/schema/index.ts';
import { isLiveStatus, subscriptionActive, subscriptionOf } from './fulfilment.ts';
import { type BillingSessionRow, type CheckoutRequest, returnUrls } from './provider.ts';
import { idOf, type StripeContext } from './stripe-client.ts';
import { applyRead, readSubscription } from './stripe-subscriptions.ts';

/** Paying a plan through Stripe Checkout: opening a session, and reading back how it went. */

/** Opens a subscription Checkout Session for the plan and stores it; the browser goes to its url. */
export async function createStripeCheckout(
  context: StripeContext,
  request: CheckoutRequest,
): Promise<{ url: string }> {
  const { stripe, db, prices } = context;
  const price = prices.byPlan.get(request.planId);
  if (!price) throw new Error(`No STRIPE_PRICE_${request.planId}`);
  const customer = await ensureCustomer(context, request);
  await expireOpenCheckouts(context, request.userId);
  const urls = returnUrls(request.origin);
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: String(request.userId),
    line_items: [{ price, quantity: 1 }],
    success_url: urls.stripeSuccessTemplate,
    cancel_url: urls.cancel,
    locale: 'es',
    metadata: { user_id: String(request.userId), plan_id: String(request.planId) },
    subscription_data: { metadata: { user_id: String(request.userId), plan_id: String(request.planId) } },
  });
  if (!session.url) throw new Error(`Stripe Checkout Session ${session.id} has no url`);
  await db.insert(billingSessions).values({
    id: session.id,
    userId: request.userId,
    provider: 'stripe',
    kind: 'checkout',
    planId: request.planId,
    status: 'open',
    expiresAt: new Date(session.expires_at * 1000),
  });
  return { url: session.url };
}

/** The user's Stripe customer, created (once, even for two clicks at once) on their first checkout. */
async function ensureCustomer({ stripe, db }: StripeContext, request: CheckoutRequest): Promise<string> {
  const row = await subscriptionOf(db, request.userId);
  if (row?.provider === 'stripe' && row.customerId) return row.customerId;
  const customer = await stripe.customers.create(
    { email: request.email, name: request.fullName, metadata: { user_id: String(request.userId) } },
    // Two clicks at once must not make two customers.
    { idempotencyKey: `rumbo-customer-${request.userId}-${request.email}` },
  );
  // A row left by the local test checkout is replaced: its customer and subscription mean nothing here.
  const stored = await queryRows<{ customer_id: string }>(
    db,
    sql`insert into subscriptions (user_id, provider, customer_id)
        values (${request.userId}, 'stripe', ${customer.id})
        on conflict (user_id) do update
          set provider = 'stripe', customer_id = excluded.customer_id, subscription_id = null,
              status = 'none', plan_id = -1, current_period_end = null, cancel_at_period_end = false,
              synced_at = null, updated_at = now()
          where subscriptions.provider <> 'stripe' or subscriptions.customer_id is null
        returning customer_id`,
  );
  if (stored[0]) return stored[0].customer_id;
  const again = await subscriptionOf(db, request.userId);
  if (!again?.customerId) throw new Error('Stripe customer could not be stored');
  return again.customerId;
}

function markExpired({ db }: StripeContext, id: string) {
  return db
    .update(billingSessions)
    .set({ status: 'expired' })
    .where(and(eq(billingSessions.id, id), eq(billingSessions.status, 'open')));
}

/**
 * Re-reads a checkout the user started and, if it is paid, fulfils it (idempotently: the webhook
 * may have done it already, or may never arrive). A paid checkout whose subscription was cancelled
 * as a second one answers 'canceled': it was refunded and gave nothing.
 */
export async function stripeCheckoutStatus(
  context: StripeContext,
  row: BillingSessionRow,
): Promise<CheckoutStatus> {
  const { stripe, db } = context;
  if (row.status === 'paid' || row.status === 'canceled') return row.status;
  const session = await stripe.checkout.sessions.retrieve(row.id);
  if (session.status === 'expired') {
    await markExpired(context, row.id);
    return 'expired';
  }
  if (session.status !== 'complete') return 'open';
  if (session.payment_status !== 'paid') return 'processing';
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) return 'processing';
  const read = await readSubscription(context, subscriptionId, row.userId);
  if (!read) return 'processing';
  if (!isLiveStatus(read.subscription.status)) {
    await db.transaction(async (tx) => {
      await applyRead(tx, read);
      await tx
        .update(billingSessions)
        .set({ status: 'canceled' })
        .where(and(eq(billingSessions.id, row.id), eq(billingSessions.userId, row.userId)));
    });
    return 'canceled';
  }
  const invoiceId = idOf(session.invoice) ?? idOf(read.subscription.latest_invoice);
  if (!invoiceId) return 'processing';
  const invoice = await stripe.invoices.retrieve(invoiceId);
  if (invoice.status !== 'paid') return 'processing';
  // The webhook may be late or lost: fulfil here too, keyed on the same invoice id.
  await db.transaction(async (tx) => {
    await applyRead(tx, read, invoiceId);
    await tx
      .update(billingSessions)
      .set({ status: 'paid', invoiceId })
      .where(and(eq(billingSessions.id, row.id), eq(billingSessions.userId, row.userId)));
  });
  return 'paid';
}

/**
 * Expires the user's open Checkout Sessions before another one opens, so that only the newest can
 * be paid. One paid in the meantime (Stripe refuses to expire it) is fulfilled here and the new
 * checkout refused with 409, as if its webhook had come first.
 */
async function expireOpenCheckouts(context: StripeContext, userId: number): Promise<void> {
  const open = await context.db
    .select()
    .from(billingSessions)
    .where(
      and(
        eq(billingSessions.userId, userId),
        eq(billingSessions.provider, 'stripe'),
        eq(billingSessions.kind, 'checkout'),
        eq(billingSessions.status, 'open'),
      ),
    );
  for (const row of open) {
    try {
      await context.stripe.checkout.sessions.expire(row.id);
      await markExpired(context, row.id);
      continue;
    } catch (error) {
      if (!(error instanceof context.stripe.errors.StripeInvalidRequestError)) throw error;
    }
    const status = await stripeCheckoutStatus(context, row);
    if (status === 'paid') throw subscriptionActive();
    if (status === 'open') throw new Error(`Stripe refused to expire the open Checkout Session ${row.id}`);
  }
}

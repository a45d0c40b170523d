import { isPlanId, type PlanId } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import {
  applySubscriptionState,
  grantInvoiceCredits,
  isLiveStatus,
  type SubscriptionState,
} from './fulfilment.ts';
import { idOf, type PriceTable, type StripeContext } from './stripe-client.ts';

/**
 * Keeping our subscription rows in step with Stripe: a subscription is always re-read from Stripe
 * (events may be stale or arrive out of order), and a customer keeps one live subscription (ADR 0007).
 */

/** What a re-read found: the subscription asked about, and the states to store, the survivor's last. */
export interface SubscriptionRead {
  userId: number;
  subscription: Stripe.Subscription;
  state: SubscriptionState;
  states: SubscriptionState[];
}

/** Oldest first; the id breaks a tie of the same second, so that every process orders them alike. */
const byAge = (a: Stripe.Subscription, b: Stripe.Subscription) =>
  a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The plan a subscription gives, from its price. An unknown price is a configuration error. */
function planOfSubscription(prices: PriceTable, subscription: Stripe.Subscription): PlanId {
  const priceId = subscription.items.data[0]?.price.id;
  const planId = priceId ? prices.byPrice.get(priceId) : undefined;
  if (planId === undefined || !isPlanId(planId)) {
    throw new Error(
      `Stripe subscription ${subscription.id} has price ${priceId ?? '(none)'}, which is no STRIPE_PRICE_<plan>`,
    );
  }
  return planId;
}

function stateOf(
  prices: PriceTable,
  subscription: Stripe.Subscription,
  userId: number,
  syncedAt: Date,
): SubscriptionState {
  // Since API version 2025-03-31 the billing period lives on the subscription items.
  const periodEnds = subscription.items.data.map((item) => item.current_period_end).filter(Number.isFinite);
  const periodEnd = periodEnds.length > 0 ? Math.max(...periodEnds) : null;
  return {
    userId,
    provider: 'stripe',
    customerId: idOf(subscription.customer) ?? '',
    subscriptionId: subscription.id,
    planId: planOfSubscription(prices, subscription),
    status: subscription.status,
    currentPeriodEnd: periodEnd === null ? null : new Date(periodEnd * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    syncedAt,
  };
}

/** Refunds what was paid for an invoice, once (a retry or another process finds it done). */
async function refundInvoice(stripe: Stripe, invoiceId: string, reason: string): Promise<void> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 100 });
  for (const { id, payment } of payments.data) {
    const paymentIntent = idOf(payment.payment_intent);
    const charge = idOf(payment.charge);
    // A payment recorded from outside Stripe (payment_record) cannot be refunded through it.
    if (!paymentIntent && !charge) continue;
    try {
      await stripe.refunds.create(
        {
          ...(paymentIntent ? { payment_intent: paymentIntent } : { charge }),
          reason: 'duplicate',
          metadata: { invoice: invoiceId, note: reason },
        },
        { idempotencyKey: `rumbo-duplicate-refund-${id}` },
      );
    } catch (error) {
      if (error instanceof stripe.errors.StripeError && error.code === 'charge_already_refunded') continue;
      throw error;
    }
  }
}

/**
 * Ends a second live subscription: its paid invoices are refunded in full (it never gave a plan
 * or credits), then it is cancelled at once. Refunds come first: if the cancel fails the event is
 * retried and finds the subscription still live; a cancelled one would never be looked at again.
 */
async function endDuplicate(stripe: Stripe, duplicate: Stripe.Subscription, survivor: Stripe.Subscription) {
  const reason = `Segunda suscripción del mismo cliente; se mantiene ${survivor.id}`;
  const invoices = await stripe.invoices.list({ subscription: duplicate.id, status: 'paid', limit: 100 });
  for (const invoice of invoices.data) if (invoice.id) await refundInvoice(stripe, invoice.id, reason);
  try {
    return await stripe.subscriptions.cancel(duplicate.id, { cancellation_details: { comment: reason } });
  } catch (error) {
    // Another event about the same pair, handled at the same time, may have cancelled it first.
    const again = await stripe.subscriptions.retrieve(duplicate.id);
    if (isLiveStatus(again.status)) throw error;
    return again;
  }
}

/** Our user behind a Stripe subscription: by the customer we stored, else the metadata we set. */
async function userOfSubscription(db: Db, subscription: Stripe.Subscription): Promise<number | undefined> {
  const customerId = idOf(subscription.customer);
  if (customerId) {
    const [row] = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customerId));
    if (row) return row.userId;
  }
  const fromMetadata = Number(subscription.metadata?.user_id);
  if (!Number.isInteger(fromMetadata)) return undefined;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, fromMetadata));
  return user?.id;
}

/**
 * Re-reads a subscription from Stripe (events may be stale or arrive out of order) together with
 * its customer's other subscriptions, and keeps one live (ADR 0007): the oldest survives, any
 * other live one is refunded and cancelled. Decided from Stripe's state alone, so every process
 * and every order of events picks the same survivor and never cancels both. Undefined when the
 * subscription belongs to no user of ours.
 */
export async function readSubscription(
  { stripe, db, prices }: StripeContext,
  subscriptionId: string,
  knownUserId?: number,
): Promise<SubscriptionRead | undefined> {
  const syncedAt = new Date();
  let subscription: Stripe.Subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const userId = knownUserId ?? (await userOfSubscription(db, subscription));
  if (userId === undefined) return undefined;
  const customerId = idOf(subscription.customer);
  const others = customerId
    ? (await stripe.subscriptions.list({ customer: customerId, limit: 100 })).data
    : [];
  const [survivor, ...duplicates] = others.filter((other) => isLiveStatus(other.status)).sort(byAge);
  const ended: Stripe.Subscription[] = [];
  if (survivor)
    for (const duplicate of duplicates) ended.push(await endDuplicate(stripe, duplicate, survivor));
  subscription = ended.find((other) => other.id === subscription.id) ?? subscription;
  // Stored in this order, each once at its last place: the plan ends up following the survivor.
  const touched = new Map<string, Stripe.Subscription>();
  for (const each of [...ended, subscription, survivor]) {
    if (!each) continue;
    touched.delete(each.id);
    touched.set(each.id, each);
  }
  const states = [...touched.values()].map((each) => stateOf(prices, each, userId, syncedAt));
  return { userId, subscription, state: stateOf(prices, subscription, userId, syncedAt), states };
}

/** Stores what a re-read found; with a paid invoice, its credits if it is the survivor's. */
export async function applyRead(tx: Db, read: SubscriptionRead, paidInvoiceId?: string): Promise<void> {
  for (const state of read.states) await applySubscriptionState(tx, state);
  if (paidInvoiceId) await grantInvoiceCredits(tx, read.state, paidInvoiceId);
}

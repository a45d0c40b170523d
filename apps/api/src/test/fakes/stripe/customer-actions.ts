import Stripe from 'stripe';
import { clone, DAY, type FakeStripeState, type Json, list, newId, newInvoice, now, price } from './state.ts';

/**
 * The customer's part, played by tests: paying a checkout, a renewal, changes in the portal, a
 * cancellation; and the events Stripe would send about them.
 */

function getSubscription(state: FakeStripeState, id: string): Json {
  const subscription = state.subscriptions.get(id);
  if (!subscription) throw new Error(`fake stripe: no subscription ${id}`);
  return subscription;
}

/**
 * The customer pays a checkout: an active subscription and its first, paid invoice. Throws, as
 * Stripe's page refuses it, unless the session is still open (an expired one cannot be paid).
 */
export function completeCheckout(
  state: FakeStripeState,
  sessionId: string,
): { subscription: Json; invoice: Json } {
  const session = state.checkoutSessions.get(sessionId);
  const priceId = state.sessionPrices.get(sessionId);
  if (!session || !priceId) throw new Error(`fake stripe: no checkout session ${sessionId}`);
  if (session.status !== 'open') {
    throw new Error(`fake stripe: checkout session ${sessionId} is ${String(session.status)}, not payable`);
  }
  const start = now();
  const subscriptionId = newId('sub');
  const subscription: Json = {
    id: subscriptionId,
    object: 'subscription',
    customer: session.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: start,
    start_date: start,
    metadata: (session.metadata as Json | undefined) ?? {},
    latest_invoice: null,
    items: list(
      [
        {
          id: newId('si'),
          object: 'subscription_item',
          price: price(priceId),
          quantity: 1,
          subscription: subscriptionId,
          current_period_start: start,
          current_period_end: start + 30 * DAY,
        },
      ],
      `/v1/subscription_items?subscription=${subscriptionId}`,
    ),
    livemode: false,
  };
  state.subscriptions.set(subscriptionId, subscription);
  const invoice = newInvoice(state, subscription, 'subscription_create');
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    subscription: subscriptionId,
    invoice: invoice.id,
  });
  return { subscription: clone(subscription), invoice: clone(invoice) };
}

/** What the customer paid for a subscription's invoices, less what was refunded (cents). */
export function netPaid(state: FakeStripeState, subscriptionId: string): number {
  let total = 0;
  for (const payment of state.invoicePayments.values()) {
    const invoice = state.invoices.get(payment.invoice as string);
    const parent = invoice?.parent as { subscription_details: Json } | undefined;
    if (parent?.subscription_details.subscription !== subscriptionId) continue;
    const paid = state.paymentIntents.get((payment.payment as Json).payment_intent as string);
    if (paid) total += paid.amount - paid.refunded;
  }
  return total;
}

/** A new billing period: the period moves on and a new invoice is paid. */
export function renew(state: FakeStripeState, subscriptionId: string): Json {
  const subscription = getSubscription(state, subscriptionId);
  const item = (subscription.items as { data: Json[] }).data[0] as Json;
  item.current_period_start = item.current_period_end;
  item.current_period_end = (item.current_period_end as number) + 30 * DAY;
  return clone(newInvoice(state, subscription, 'subscription_cycle'));
}

/** A change made in the customer portal. */
export function updateSubscription(
  state: FakeStripeState,
  subscriptionId: string,
  change: { price?: string; cancelAtPeriodEnd?: boolean },
): Json {
  const subscription = getSubscription(state, subscriptionId);
  const item = (subscription.items as { data: Json[] }).data[0] as Json;
  if (change.price) item.price = price(change.price);
  if (change.cancelAtPeriodEnd !== undefined) subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
  return clone(subscription);
}

/** The subscription ends (cancelled now, or at the end of its period). */
export function cancelSubscription(state: FakeStripeState, subscriptionId: string): Json {
  const subscription = getSubscription(state, subscriptionId);
  Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
  return clone(subscription);
}

/** An event as Stripe would deliver it, with a snapshot of `object` as it is now. */
export function stripeEvent(
  type: string,
  object: Json,
  options: { id?: string; created?: number } = {},
): Json {
  return {
    id: options.id ?? newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? now(),
    data: { object: clone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

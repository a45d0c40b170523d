import crypto from 'node:crypto';

/**
 * The fake Stripe's objects, kept in memory, and the small helpers its API routes and its test
 * helpers share (ids, times, lists, Stripe-shaped errors, prices and paid invoices).
 */

export type Json = Record<string, unknown>;

export interface FakeStripeState {
  /** The fake's own address, for the pages a checkout or portal session points to. */
  baseUrl: string;
  customers: Map<string, Json>;
  checkoutSessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  portalSessions: Map<string, Json>;
  invoicePayments: Map<string, Json>;
  refunds: Map<string, Json>;
  /** Amount paid and refunded of each PaymentIntent. */
  paymentIntents: Map<string, { amount: number; refunded: number }>;
  /** Line-item price of each checkout session (Stripe does not return line items unless asked). */
  sessionPrices: Map<string, string>;
}

export function emptyState(): FakeStripeState {
  return {
    baseUrl: '',
    customers: new Map(),
    checkoutSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    portalSessions: new Map(),
    invoicePayments: new Map(),
    refunds: new Map(),
    paymentIntents: new Map(),
    sessionPrices: new Map(),
  };
}

export const DAY = 24 * 60 * 60;
export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
export const clone = <T>(value: T): T => structuredClone(value);

export function list(data: Json[], url: string): Json {
  return { object: 'list', data, has_more: false, url };
}

export function stripeError(status: number, message: string, code = 'resource_missing'): [number, Json] {
  return [status, { error: { type: 'invalid_request_error', code, message } }];
}

export function price(id: string): Json {
  return {
    id,
    object: 'price',
    active: true,
    currency: 'eur',
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
  };
}

/** A paid invoice for the subscription's current period, paid by a PaymentIntent of its own. */
export function newInvoice(state: FakeStripeState, subscription: Json, reason: string): Json {
  const item = (subscription.items as { data: Json[] }).data[0] as Json;
  const invoice: Json = {
    id: newId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: 'paid',
    billing_reason: reason,
    currency: 'eur',
    amount_paid: 1900,
    created: now(),
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    livemode: false,
  };
  state.invoices.set(invoice.id as string, invoice);
  subscription.latest_invoice = invoice.id;
  const paymentIntent = newId('pi');
  state.paymentIntents.set(paymentIntent, { amount: invoice.amount_paid as number, refunded: 0 });
  const payment: Json = {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: invoice.amount_paid,
    amount_requested: invoice.amount_paid,
    created: invoice.created,
    currency: 'eur',
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: invoice.created },
  };
  state.invoicePayments.set(payment.id as string, payment);
  return invoice;
}

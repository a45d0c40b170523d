import { BILLING_ERROR_CODES, type CheckoutStatus, isPlanId, type PlanId } from '@rumbo/contract';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { type Db, queryRows } from '../../db/client.ts';
import { billingSessions, subscriptions, users } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import {
  applySubscriptionState,
  grantInvoiceCredits,
  hasLiveSubscription,
  isLiveStatus,
  noSubscription,
  type SubscriptionState,
  subscriptionActive,
  subscriptionOf,
} from './fulfilment.ts';
import {
  type BillingProvider,
  type BillingSessionRow,
  type CheckoutRequest,
  returnUrls,
} from './provider.ts';

type StripeConfig = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

/** Settings of a Stripe client; STRIPE_API_URL sends the real SDK elsewhere (a loopback fake in tests). */
export function stripeConfig(env: Env): StripeConfig {
  const config: StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: env.PRODUCT_NAME } };
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.protocol = protocol;
    config.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    config.port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  }
  return config;
}

/** STRIPE_PRICE_<plan id> by plan, and back. */
function priceTable(env: Env) {
  const byPlan = new Map<PlanId, string>();
  const entries: Array<[PlanId, string | undefined]> = [
    [5, env.STRIPE_PRICE_5],
    [7, env.STRIPE_PRICE_7],
    [11, env.STRIPE_PRICE_11],
    [12, env.STRIPE_PRICE_12],
  ];
  for (const [planId, price] of entries) if (price) byPlan.set(planId, price);
  const byPrice = new Map<string, PlanId>([...byPlan].map(([planId, price]) => [price, planId]));
  return { byPlan, byPrice };
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** Oldest first; the id breaks a tie of the same second, so that every process orders them alike. */
const byAge = (a: Stripe.Subscription, b: Stripe.Subscription) =>
  a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What a re-read found: the subscription asked about, and the states to store, the survivor's last. */
interface SubscriptionRead {
  userId: number;
  subscription: Stripe.Subscription;
  state: SubscriptionState;
  states: SubscriptionState[];
}

export interface StripeBilling extends BillingProvider {
  readonly name: 'stripe';
  /**
   * Verifies a webhook on its raw body and applies it, with its event id stored in the same
   * transaction as its effect. Throws AppError 400 on a bad signature; any other throw must answer
   * non-2xx so that Stripe delivers the event again.
   */
  handleWebhook(rawBody: Uint8Array, signature: string | undefined, logger: Logger): Promise<void>;
}

export function createStripeBilling(env: Env, db: Db): StripeBilling {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret)
    throw new Error('Stripe billing needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const stripe = new Stripe(secretKey, stripeConfig(env));
  const prices = priceTable(env);

  /** The plan a subscription gives, from its price. An unknown price is a configuration error. */
  function planOfSubscription(subscription: Stripe.Subscription): PlanId {
    const priceId = subscription.items.data[0]?.price.id;
    const planId = priceId ? prices.byPrice.get(priceId) : undefined;
    if (planId === undefined || !isPlanId(planId)) {
      throw new Error(
        `Stripe subscription ${subscription.id} has price ${priceId ?? '(none)'}, which is no STRIPE_PRICE_<plan>`,
      );
    }
    return planId;
  }

  function stateOf(subscription: Stripe.Subscription, userId: number, syncedAt: Date): SubscriptionState {
    // Since API version 2025-03-31 the billing period lives on the subscription items.
    const periodEnds = subscription.items.data.map((item) => item.current_period_end).filter(Number.isFinite);
    const periodEnd = periodEnds.length > 0 ? Math.max(...periodEnds) : null;
    return {
      userId,
      provider: 'stripe',
      customerId: idOf(subscription.customer) ?? '',
      subscriptionId: subscription.id,
      planId: planOfSubscription(subscription),
      status: subscription.status,
      currentPeriodEnd: periodEnd === null ? null : new Date(periodEnd * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      syncedAt,
    };
  }

  /** Refunds what was paid for an invoice, once (a retry or another process finds it done). */
  async function refundInvoice(invoiceId: string, reason: string): Promise<void> {
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
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') continue;
        throw error;
      }
    }
  }

  /**
   * Ends a second live subscription: its paid invoices are refunded in full (it never gave a plan
   * or credits), then it is cancelled at once. Refunds come first: if the cancel fails the event is
   * retried and finds the subscription still live; a cancelled one would never be looked at again.
   */
  async function endDuplicate(duplicate: Stripe.Subscription, survivor: Stripe.Subscription) {
    const reason = `Segunda suscripción del mismo cliente; se mantiene ${survivor.id}`;
    const invoices = await stripe.invoices.list({ subscription: duplicate.id, status: 'paid', limit: 100 });
    for (const invoice of invoices.data) if (invoice.id) await refundInvoice(invoice.id, reason);
    try {
      return await stripe.subscriptions.cancel(duplicate.id, { cancellation_details: { comment: reason } });
    } catch (error) {
      // Another event about the same pair, handled at the same time, may have cancelled it first.
      const again = await stripe.subscriptions.retrieve(duplicate.id);
      if (isLiveStatus(again.status)) throw error;
      return again;
    }
  }

  /**
   * Re-reads a subscription from Stripe (events may be stale or arrive out of order) together with
   * its customer's other subscriptions, and keeps one live (ADR 0007): the oldest survives, any
   * other live one is refunded and cancelled. Decided from Stripe's state alone, so every process
   * and every order of events picks the same survivor and never cancels both. Undefined when the
   * subscription belongs to no user of ours.
   */
  async function readSubscription(
    subscriptionId: string,
    knownUserId?: number,
  ): Promise<SubscriptionRead | undefined> {
    const syncedAt = new Date();
    let subscription: Stripe.Subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const userId = knownUserId ?? (await userOfSubscription(subscription));
    if (userId === undefined) return undefined;
    const customerId = idOf(subscription.customer);
    const others = customerId
      ? (await stripe.subscriptions.list({ customer: customerId, limit: 100 })).data
      : [];
    const [survivor, ...duplicates] = others.filter((other) => isLiveStatus(other.status)).sort(byAge);
    const ended: Stripe.Subscription[] = [];
    if (survivor) for (const duplicate of duplicates) ended.push(await endDuplicate(duplicate, survivor));
    subscription = ended.find((other) => other.id === subscription.id) ?? subscription;
    // Stored in this order, each once at its last place: the plan ends up following the survivor.
    const touched = new Map<string, Stripe.Subscription>();
    for (const each of [...ended, subscription, survivor]) {
      if (!each) continue;
      touched.delete(each.id);
      touched.set(each.id, each);
    }
    const states = [...touched.values()].map((each) => stateOf(each, userId, syncedAt));
    return { userId, subscription, state: stateOf(subscription, userId, syncedAt), states };
  }

  /** Stores what a re-read found; with a paid invoice, its credits if it is the survivor's. */
  async function applyRead(tx: Db, read: SubscriptionRead, paidInvoiceId?: string): Promise<void> {
    for (const state of read.states) await applySubscriptionState(tx, state);
    if (paidInvoiceId) await grantInvoiceCredits(tx, read.state, paidInvoiceId);
  }

  /** Our user behind a Stripe subscription: by the customer we stored, else the metadata we set. */
  async function userOfSubscription(subscription: Stripe.Subscription): Promise<number | undefined> {
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

  async function ensureCustomer(request: CheckoutRequest): Promise<string> {
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

  async function insertEvent(tx: Db, event: Stripe.Event): Promise<boolean> {
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into billing_events (id, provider, type) values (${event.id}, 'stripe', ${event.type})
          on conflict (id) do nothing returning id`,
    );
    return inserted.length > 0;
  }

  async function alreadyHandled(eventId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id from billing_events where id = ${eventId}`,
    );
    return rows.length > 0;
  }

  /** Records an event that needs no change (unknown type, or not ours). */
  async function recordOnly(event: Stripe.Event): Promise<void> {
    await db.transaction(async (tx) => {
      await insertEvent(tx, event);
    });
  }

  /** Applies a subscription's fresh state (and, for a paid invoice, its credits) with the event id. */
  async function applyWithEvent(
    event: Stripe.Event,
    subscriptionId: string,
    logger: Logger,
    paidInvoiceId?: string,
  ): Promise<void> {
    const read = await readSubscription(subscriptionId);
    if (!read) {
      logger.warn({ eventId: event.id, subscriptionId }, 'stripe event for a subscription of no known user');
      await recordOnly(event);
      return;
    }
    await db.transaction(async (tx) => {
      if (!(await insertEvent(tx, event))) return;
      await applyRead(tx, read, paidInvoiceId);
    });
  }

  const markExpired = (id: string) =>
    db
      .update(billingSessions)
      .set({ status: 'expired' })
      .where(and(eq(billingSessions.id, id), eq(billingSessions.status, 'open')));

  /**
   * Re-reads a checkout the user started and, if it is paid, fulfils it (idempotently: the webhook
   * may have done it already, or may never arrive). A paid checkout whose subscription was cancelled
   * as a second one answers 'canceled': it was refunded and gave nothing.
   */
  async function checkoutStatus(row: BillingSessionRow): Promise<CheckoutStatus> {
    if (row.status === 'paid' || row.status === 'canceled') return row.status;
    const session = await stripe.checkout.sessions.retrieve(row.id);
    if (session.status === 'expired') {
      await markExpired(row.id);
      return 'expired';
    }
    if (session.status !== 'complete') return 'open';
    if (session.payment_status !== 'paid') return 'processing';
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) return 'processing';
    const read = await readSubscription(subscriptionId, row.userId);
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
  async function expireOpenCheckouts(userId: number): Promise<void> {
    const open = await db
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
        await stripe.checkout.sessions.expire(row.id);
        await markExpired(row.id);
        continue;
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      const status = await checkoutStatus(row);
      if (status === 'paid') throw subscriptionActive();
      if (status === 'open') throw new Error(`Stripe refused to expire the open Checkout Session ${row.id}`);
    }
  }

  return {
    name: 'stripe',

    async createCheckout(request) {
      const price = prices.byPlan.get(request.planId);
      if (!price) throw new Error(`No STRIPE_PRICE_${request.planId}`);
      const customer = await ensureCustomer(request);
      await expireOpenCheckouts(request.userId);
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
    },

    async createPortal(userId, origin) {
      const row = await subscriptionOf(db, userId);
      if (row?.provider !== 'stripe' || !row.customerId || !hasLiveSubscription(row)) throw noSubscription();
      const portal = await stripe.billingPortal.sessions.create({
        customer: row.customerId,
        return_url: returnUrls(origin).profile,
        locale: 'es',
      });
      return { url: portal.url };
    },

    checkoutStatus,

    async handleWebhook(rawBody, signature, logger) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw new AppError(400, BILLING_ERROR_CODES.invalidSignature, 'La firma del webhook no es válida');
      }
      if (await alreadyHandled(event.id)) return;

      switch (event.type) {
        case 'invoice.paid': {
          const invoice = event.data.object;
          // Since API version 2025-03-31 an invoice names its subscription under parent.subscription_details.
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          if (!invoice.id || !subscriptionId) return recordOnly(event);
          return applyWithEvent(event, subscriptionId, logger, invoice.id);
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed':
          return applyWithEvent(event, event.data.object.id, logger);
        case 'checkout.session.completed': {
          // Sets the plan early; the credits still come only with invoice.paid.
          const subscriptionId = idOf(event.data.object.subscription);
          if (!subscriptionId) return recordOnly(event);
          return applyWithEvent(event, subscriptionId, logger);
        }
        default:
          return recordOnly(event);
      }
    },
  };
}

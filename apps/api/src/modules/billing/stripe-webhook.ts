import { BILLING_ERROR_CODES } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { idOf, type StripeContext } from './stripe-client.ts';
import { applyRead, readSubscription } from './stripe-subscriptions.ts';

/** How far a signed event's time may be from ours, in either direction (Stripe's own default). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies a webhook on its raw body and applies it, with its event id stored in the same
 * transaction as its effect. Throws AppError 400 on a bad signature; any other throw must answer
 * non-2xx so that Stripe delivers the event again.
 */
export async function handleStripeWebhook(
  context: StripeContext,
  webhookSecret: string,
  rawBody: Uint8Array,
  signature: string | undefined,
  logger: Logger,
): Promise<void> {
  const event = verifiedEvent(context.stripe, webhookSecret, rawBody, signature ?? '', logger);
  if (await alreadyHandled(context.db, event.id)) return;

  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      // Since API version 2025-03-31 an invoice names its subscription under parent.subscription_details.
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!invoice.id || !subscriptionId) return recordOnly(context.db, event);
      return applyWithEvent(context, event, subscriptionId, logger, invoice.id);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return applyWithEvent(context, event, event.data.object.id, logger);
    case 'checkout.session.completed': {
      // Sets the plan early; the credits still come only with invoice.paid.
      const subscriptionId = idOf(event.data.object.subscription);
      if (!subscriptionId) return recordOnly(context.db, event);
      return applyWithEvent(context, event, subscriptionId, logger);
    }
    default:
      return recordOnly(context.db, event);
  }
}

const invalidSignature = () =>
  new AppError(400, BILLING_ERROR_CODES.invalidSignature, 'La firma del webhook no es válida');

/**
 * The event, once its signature is Stripe's and its signing time within the tolerance of ours. The SDK
 * refuses only signatures older than the tolerance; one from further ahead (a header made in advance,
 * or a clock far off) is refused here, and logged, since only a holder of the secret can sign it.
 */
function verifiedEvent(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Uint8Array,
  signature: string,
  logger: Logger,
): Stripe.Event {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw invalidSignature();
  }
  const aheadSeconds = signedAt(signature) - Math.floor(Date.now() / 1000);
  if (aheadSeconds > SIGNATURE_TOLERANCE_SECONDS) {
    logger.warn({ eventId: event.id, aheadSeconds }, 'stripe webhook signed in the future, refused');
    throw invalidSignature();
  }
  return event;
}

/** The header's `t=` (the last one, as the SDK reads it): the time the verified signature covers. */
function signedAt(signature: string): number {
  let timestamp = Number.NaN;
  for (const item of signature.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/** Stores the event's id; false when it was there already (another delivery got there first). */
async function insertEvent(tx: Db, event: Stripe.Event): Promise<boolean> {
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`insert into billing_events (id, provider, type) values (${event.id}, 'stripe', ${event.type})
        on conflict (id) do nothing returning id`,
  );
  return inserted.length > 0;
}

async function alreadyHandled(db: Db, eventId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from billing_events where id = ${eventId}`);
  return rows.length > 0;
}

/** Records an event that needs no change (unknown type, or not ours). */
async function recordOnly(db: Db, event: Stripe.Event): Promise<void> {
  await db.transaction(async (tx) => {
    await insertEvent(tx, event);
  });
}

/** Applies a subscription's fresh state (and, for a paid invoice, its credits) with the event id. */
async function applyWithEvent(
  context: StripeContext,
  event: Stripe.Event,
  subscriptionId: string,
  logger: Logger,
  paidInvoiceId?: string,
): Promise<void> {
  const read = await readSubscription(context, subscriptionId).catch((error: unknown) => {
    if (!isMissing(context.stripe, error)) throw error;
    // Stripe does not know it (another account's, or a test-mode event sent to a live key): retrying
    // would never change that, so the event is acknowledged, logged and stored nowhere.
    logger.warn(
      { eventId: event.id, eventType: event.type, subscriptionId },
      'stripe event for a subscription Stripe does not know, ignored',
    );
    return null;
  });
  if (read === null) return;
  if (!read) {
    logger.warn({ eventId: event.id, subscriptionId }, 'stripe event for a subscription of no known user');
    await recordOnly(context.db, event);
    return;
  }
  await context.db.transaction(async (tx) => {
    if (!(await insertEvent(tx, event))) return;
    await applyRead(tx, read, paidInvoiceId);
  });
}

const isMissing = (stripe: Stripe, error: unknown) =>
  error instanceof stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { loadOnce } from '../../lib/load-once.ts';
import type { Logger } from '../../logger.ts';
import { hasLiveSubscription, noSubscription, subscriptionOf } from './fulfilment.ts';
import { type BillingProvider, returnUrls } from './provider.ts';
import { createStripeCheckout, stripeCheckoutStatus } from './stripe-checkout.ts';
import { createStripeContext, type StripeContext } from './stripe-client.ts';
import { handleStripeWebhook } from './stripe-webhook.ts';

/**
 * The Stripe payment provider, composed of its use cases: checkout (stripe-checkout.ts), the
 * customer portal (here), webhooks (stripe-webhook.ts) and keeping subscriptions in step with
 * Stripe (stripe-subscriptions.ts). The SDK's client and settings are in stripe-client.ts.
 */

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
  // The SDK's client at the first payment step (stripe-client.ts, ADR 0027).
  const context = loadOnce(() => createStripeContext(env, db, secretKey));
  return {
    name: 'stripe',
    createCheckout: async (request) => createStripeCheckout(await context(), request),
    createPortal: async (userId, origin) => createStripePortal(await context(), userId, origin),
    checkoutStatus: async (row) => stripeCheckoutStatus(await context(), row),
    handleWebhook: async (rawBody, signature, logger) =>
      handleStripeWebhook(await context(), webhookSecret, rawBody, signature, logger),
  };
}

/** The customer portal, where a subscriber changes plan or cancels; 409 without a live subscription. */
async function createStripePortal(
  { stripe, db }: StripeContext,
  userId: number,
  origin: string,
): Promise<{ url: string }> {
  const row = await subscriptionOf(db, userId);
  if (row?.provider !== 'stripe' || !row.customerId || !hasLiveSubscription(row)) throw noSubscription();
  const portal = await stripe.billingPortal.sessions.create({
    customer: row.customerId,
    return_url: returnUrls(origin).profile,
    locale: 'es',
  });
  return { url: portal.url };
}

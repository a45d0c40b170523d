import { ACCOUNT_ERROR_CODES } from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/errors.ts';
import { isLiveStatus, subscriptionOf } from './fulfilment.ts';
import { stripeClient } from './stripe-client.ts';

/** The user is told nothing was deleted and why; the provider's own message is not shown (product.md §8). */
const cancellationRefused = () =>
  new AppError(
    502,
    ACCOUNT_ERROR_CODES.cancellationFailed,
    'No hemos podido cancelar tu suscripción con el proveedor de pagos, así que no se ha borrado nada. Inténtalo de nuevo en unos minutos.',
  );

/**
 * Ends, at the payment provider and at once, every live subscription of the user's customer, before
 * their account is deleted (ADR 0047): a deleted account must never be charged again. Throws a 502
 * AppError when the provider refuses, so that the caller deletes nothing. The local test checkout
 * charges nobody: its rows go with the account.
 */
export async function cancelSubscriptionOf(env: Env, db: Db, userId: number): Promise<void> {
  const row = await subscriptionOf(db, userId);
  if (row?.provider !== 'stripe' || !row.customerId) return;
  if (!env.STRIPE_SECRET_KEY) throw cancellationRefused();
  const secretKey = env.STRIPE_SECRET_KEY;
  try {
    const stripe = await stripeClient(env, secretKey);
    // The customer's list, not only the stored subscription: a duplicate being ended must not survive.
    const { data } = await stripe.subscriptions.list({ customer: row.customerId, limit: 100 });
    const live = data.filter((subscription) => isLiveStatus(subscription.status));
    for (const subscription of live) {
      try {
        await stripe.subscriptions.cancel(subscription.id, {
          cancellation_details: { comment: 'El usuario eliminó su cuenta' },
        });
      } catch (error) {
        // Cancelled meanwhile (the portal, another request): that is what we wanted.
        if (error instanceof stripe.errors.StripeError && error.code === 'subscription_canceled') continue;
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw cancellationRefused();
  }
}

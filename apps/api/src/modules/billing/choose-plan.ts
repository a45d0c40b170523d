import { BILLING_ERROR_CODES, type PlanId, STARTER_PLAN } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { chooseStarterPlan, hasLiveSubscription, subscriptionActive, subscriptionOf } from './fulfilment.ts';
import type { BillingProvider } from './provider.ts';

export const paymentsUnavailable = () =>
  new AppError(
    503,
    BILLING_ERROR_CODES.paymentsUnavailable,
    'Los pagos no están disponibles en este momento. Inténtalo más tarde.',
  );

/**
 * The free plan is taken at once (no checkout, url null); a paid plan opens the provider's hosted
 * checkout for the user. `provider` is null when payments are not configured (ADR 0007).
 */
export async function choosePlan(
  db: Db,
  provider: BillingProvider | null,
  request: { userId: number; planId: PlanId; origin: string },
): Promise<{ url: string | null }> {
  const { userId, planId, origin } = request;
  if (planId === STARTER_PLAN) {
    await chooseStarterPlan(db, userId);
    return { url: null };
  }
  if (!provider) throw paymentsUnavailable();
  // A subscription left by another provider (a local database later given Stripe keys) does not block.
  const current = await subscriptionOf(db, userId);
  if (hasLiveSubscription(current) && current.provider === provider.name) throw subscriptionActive();
  const [user] = await db
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('Usuario no encontrado');
  return provider.createCheckout({ userId, planId, ...user, origin });
}

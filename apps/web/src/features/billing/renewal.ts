import { type CurrentSubscription, NO_PLAN, planOf, STARTER_PLAN } from '@rumbo/contract';
import { copy } from '../../config/copy.es.ts';
import { formatLongDate } from './format.ts';

const texts = copy.billing.subscription;

/**
 * The renewal line of 'Tu plan actual' (product.md §2.10 shows '--'; ADR 0007 gives the real date): when a
 * paid plan renews or ends, or when Starter's monthly credits come back.
 */
export function renewalText(subscription: CurrentSubscription): string {
  const date = formatLongDate(subscription.current_period_end);
  if (subscription.plan_id === NO_PLAN) return texts.noPlan;
  if (subscription.plan_id === STARTER_PLAN) {
    return date ? texts.freeRenews(planOf(STARTER_PLAN).monthlyCredits ?? 0, date) : texts.free;
  }
  if (subscription.cancel_at_period_end) return date ? texts.ends(date) : texts.endsSoon;
  return date ? texts.renews(date) : texts.renewsMonthly;
}

/** Stripe keeps a subscription whose last charge failed as 'past_due' while it retries. */
export function paymentIsOverdue(subscription: CurrentSubscription): boolean {
  return subscription.status === 'past_due';
}

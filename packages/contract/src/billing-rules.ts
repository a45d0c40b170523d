import { isPlanId, NO_PLAN, PAID_PLANS, type PlanId } from './plans.ts';

// Subscription rules and codes (product.md §7, ADR 0007), without zod: screens import them without loading
// the schemas (see zod.ts).

/** Plans a user can choose: Starter (free, no payment) and the paid ones (checkout). */
export function isChoosablePlan(planId: number): planId is PlanId {
  return isPlanId(planId) && planId !== NO_PLAN;
}

export function isPaidPlan(planId: number): boolean {
  return PAID_PLANS.includes(planId as PlanId);
}

/**
 * Result of a checkout as the stripe_success screen reads it: only 'paid' is success (the plan and
 * the period's credits are in place when it is answered).
 */
export const CHECKOUT_STATUSES = ['paid', 'open', 'processing', 'canceled', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const BILLING_ERROR_CODES = {
  /** A paid subscription is live: plan changes go through the portal (POST /subscriptions/handle). */
  subscriptionActive: 'SUBSCRIPTION_ACTIVE',
  /** No paid subscription to manage: choose a plan with POST /subscriptions instead. */
  noSubscription: 'NO_SUBSCRIPTION',
  /** Payments are not configured on this server (production without Stripe keys). */
  paymentsUnavailable: 'PAYMENTS_UNAVAILABLE',
  invalidSignature: 'INVALID_SIGNATURE',
} as const;

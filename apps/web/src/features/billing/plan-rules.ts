import { isPaidPlan, isPlanId, NO_PLAN, type PlanId, SLIDER_PLANS } from '@rumbo/contract';

/** The grid's cards, left to right; the CEO card stands for whichever plan its slider shows. */
export const GRID_ORDER: readonly PlanId[] = [9, 5, ...SLIDER_PLANS];

/** product.md §4 'Plans': slider position 0 → plan 7, 1 → 11, 2 → 12 (clamped to those three). */
export function sliderPlanAt(position: number): PlanId {
  const index = Math.min(Math.max(Math.round(position), 0), SLIDER_PLANS.length - 1);
  return SLIDER_PLANS[index] as PlanId;
}

/** Where the slider starts: at the user's plan when it is one of the CEO plans, else at 600 credits. */
export function sliderPositionOf(planId: number): number {
  return Math.max(0, SLIDER_PLANS.indexOf(planId as PlanId));
}

export type PlanButtonKind = 'select' | 'current' | 'change' | 'upgrade';

/**
 * product.md §4 'Plans': 'Seleccionar plan' without a plan, 'Tu plan actual' on the user's plan, otherwise
 * 'Mejorar plan' for a plan further along the grid (dearer) and 'Cambiar plan' for one before it.
 */
export function planButtonKind(currentPlanId: number, planId: PlanId): PlanButtonKind {
  if (currentPlanId === NO_PLAN || !isPlanId(currentPlanId)) return 'select';
  if (planId === currentPlanId) return 'current';
  return GRID_ORDER.indexOf(planId) > GRID_ORDER.indexOf(currentPlanId) ? 'upgrade' : 'change';
}

/** What choosing a plan does: nothing, a new subscription (Starter or checkout), or the portal. */
export type PlanAction = 'none' | 'subscribe' | 'portal';

/**
 * product.md §4 'Plans' as ADR 0007 settles it: the current plan does nothing; a user with a paid plan
 * changes it in the customer portal (a switch, or a cancellation to then choose Starter); without one
 * (plan -1 or Starter) `POST /api/subscriptions` applies Starter or opens the checkout.
 */
export function planAction(currentPlanId: number, planId: PlanId): PlanAction {
  if (planId === currentPlanId) return 'none';
  return isPaidPlan(currentPlanId) ? 'portal' : 'subscribe';
}

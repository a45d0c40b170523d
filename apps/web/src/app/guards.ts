import { NO_PLAN } from '@rumbo/contract';
import { paths } from '../config/paths.ts';

/** product.md §2.2: screens shown with no login check (plus the legal pages the terms checkbox links to). */
const OPEN_PATHS: readonly string[] = [
  paths.resetPassword,
  paths.stripeSuccess,
  paths.stripeCancel,
  paths.terms,
  paths.privacy,
  paths.unsubscribe,
];

/**
 * ADR 0006: the only screens a signed-in user without a plan may stay on. The console is one: an
 * operator is not a customer and needs no plan (the screen itself opens for operators only, and offers
 * a listed address its verification link).
 */
const NO_PLAN_PATHS: readonly string[] = [paths.onboard, paths.plans, paths.register, paths.admin];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Open screens under a prefix: a shared plan's link is its own key (ADR 0042). */
const OPEN_PREFIXES: readonly string[] = ['/compartido/'];

export function isOpenPath(pathname: string): boolean {
  const path = normalise(pathname);
  return OPEN_PATHS.includes(path) || OPEN_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Steps a user with a plan has finished: coming back to them goes home (product.md §2.2). */
const FINISHED_WITH_A_PLAN: readonly string[] = [paths.onboard, paths.plans];

/** Where a signed-in user must go instead of `pathname`, or null to let them through. */
export function signedInRedirect(pathname: string, planId: number): string | null {
  const path = normalise(pathname);
  if (planId === NO_PLAN) return NO_PLAN_PATHS.includes(path) ? null : paths.plans;
  return FINISHED_WITH_A_PLAN.includes(path) ? paths.home : null;
}

import {
  BILLING_ERROR_CODES,
  type CurrentSubscription,
  NO_PLAN,
  PLANS,
  type PlanId,
  STARTER_PLAN,
} from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { ensureMonthlyFreeCredits, invoiceSourceId, setForPeriod } from '../credits/credits.ts';
import { startResearchForPlan } from '../research/plan-change.ts';

/**
 * What both payment providers (Stripe and the local test checkout) do once the provider has spoken:
 * store the subscription, move the user's plan with it, and start the credit period of a paid invoice.
 * One code path, so the local checkout exercises exactly what Stripe payments do.
 */

export type ProviderName = 'stripe' | 'local';

/** Statuses in which a subscription gives its plan (Stripe keeps retrying a past_due payment). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

export function isLiveStatus(status: string): boolean {
  return LIVE_STATUSES.has(status);
}

/** A subscription as just read from its provider. */
export interface SubscriptionState {
  userId: number;
  provider: ProviderName;
  customerId: string;
  subscriptionId: string;
  planId: PlanId;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When it was read from the provider: an older read never overwrites a newer one. */
  syncedAt: Date;
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function subscriptionOf(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** True when the user has a paid subscription that still gives its plan. */
export function hasLiveSubscription(row: SubscriptionRow | undefined): row is SubscriptionRow {
  return Boolean(row?.subscriptionId && isLiveStatus(row.status));
}

interface LockedRow {
  subscription_id: string | null;
  status: string;
  synced_at: Date | string | null;
}

/** The user's subscription row, locked for the rest of the caller's transaction. */
async function lockSubscription(tx: Db, userId: number): Promise<LockedRow | undefined> {
  const [row] = await queryRows<LockedRow>(
    tx,
    sql`select subscription_id, status, synced_at from subscriptions where user_id = ${userId} for update`,
  );
  return row;
}

/**
 * Stores a subscription's state and moves the user's plan with it: a live subscription gives its
 * plan; one that ends (deleted, expired, unpaid) sends the user back to plan -1 so the app shows
 * /plans again. Returns false, changing nothing, when the state is older than what is stored or
 * belongs to another subscription while the stored one is live (a late event about an old one, or
 * about a second subscription, which never takes over the plan: ADR 0007, one live subscription).
 * Must run inside the caller's transaction (`tx`).
 */
export async function applySubscriptionState(tx: Db, state: SubscriptionState): Promise<boolean> {
  const current = await lockSubscription(tx, state.userId);
  const sameSubscription = current?.subscription_id === state.subscriptionId;
  if (current && sameSubscription && current.synced_at) {
    if (new Date(current.synced_at).getTime() > state.syncedAt.getTime()) return false;
  }
  if (current?.subscription_id && !sameSubscription && isLiveStatus(current.status)) return false;
  const values = {
    userId: state.userId,
    provider: state.provider,
    customerId: state.customerId,
    subscriptionId: state.subscriptionId,
    planId: state.planId,
    status: state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    syncedAt: state.syncedAt,
    updatedAt: new Date(),
  };
  await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });

  if (isLiveStatus(state.status)) {
    await tx
      .update(users)
      .set({ planId: state.planId, updatedAt: new Date() })
      .where(eq(users.id, state.userId));
    // A plan that includes research starts the businesses' research it paid for, in this same
    // transaction (ADR 0049): a replayed event finds it started and adds nothing.
    await startResearchForPlan(tx, state.userId, state.planId);
  } else if (sameSubscription && current && isLiveStatus(current.status)) {
    // The subscription that gave the plan has ended: back to choosing a plan.
    await tx.update(users).set({ planId: NO_PLAN, updatedAt: new Date() }).where(eq(users.id, state.userId));
  }
  return true;
}

/**
 * The credits of a paid invoice: the plan's monthly credits replace the balance for the new period,
 * once per invoice id (the same invoice under another event id, or found again by the success page,
 * never grants twice), and only when the invoice's subscription is the user's stored, live one: an
 * invoice of a cancelled duplicate or of an old subscription grants nothing, whatever the order of
 * events. Returns whether the invoice counts. Must run inside the caller's transaction, after the
 * subscription's state was applied.
 */
export async function grantInvoiceCredits(
  tx: Db,
  state: SubscriptionState,
  invoiceId: string,
): Promise<boolean> {
  const stored = await lockSubscription(tx, state.userId);
  if (stored?.subscription_id !== state.subscriptionId || !isLiveStatus(stored.status)) return false;
  await setForPeriod(
    tx,
    state.userId,
    PLANS[state.planId].monthlyCredits,
    invoiceSourceId(state.provider, invoiceId),
  );
  return true;
}

/** A paid invoice of a subscription: its state is stored, then its credits granted (see above). */
export async function recordPaidInvoice(
  tx: Db,
  state: SubscriptionState,
  invoiceId: string,
): Promise<boolean> {
  await applySubscriptionState(tx, state);
  return grantInvoiceCredits(tx, state, invoiceId);
}

/**
 * Plan 9 needs no payment: it is set at once and its 100 credits of the month are granted (once a
 * month). A user with a live paid subscription must cancel it first (through the portal).
 */
export async function chooseStarterPlan(db: Db, userId: number, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockSubscription(tx, userId);
    if (current?.subscription_id && isLiveStatus(current.status)) {
      throw subscriptionActive();
    }
    await tx.update(users).set({ planId: STARTER_PLAN, updatedAt: new Date() }).where(eq(users.id, userId));
    await ensureMonthlyFreeCredits(tx, userId, now);
  });
}

export const subscriptionActive = () =>
  new AppError(
    409,
    BILLING_ERROR_CODES.subscriptionActive,
    'Ya tienes una suscripción de pago. Para cambiar de plan o cancelarla, usa «Gestionar suscripción».',
  );

export const noSubscription = () =>
  new AppError(
    409,
    BILLING_ERROR_CODES.noSubscription,
    'No tienes una suscripción de pago que gestionar. Elige un plan para suscribirte.',
  );

/** First instant of the next calendar month (UTC): when Starter's monthly credits renew. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** 'Tu plan actual' of the subscription tab. */
export async function currentSubscription(
  db: Db,
  userId: number,
  now: Date = new Date(),
): Promise<CurrentSubscription> {
  const [user] = await db.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  const planId = user?.planId ?? NO_PLAN;
  const row = await subscriptionOf(db, userId);
  if (hasLiveSubscription(row) && row.planId === planId) {
    return {
      plan_id: planId,
      provider: row.provider === 'stripe' ? 'stripe' : 'local',
      status: row.status,
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: row.cancelAtPeriodEnd,
    };
  }
  if (planId === STARTER_PLAN) {
    return {
      plan_id: planId,
      provider: null,
      status: 'free',
      current_period_end: nextMonthStart(now).toISOString(),
      cancel_at_period_end: false,
    };
  }
  return {
    plan_id: planId,
    provider: null,
    status: 'none',
    current_period_end: null,
    cancel_at_period_end: false,
  };
}

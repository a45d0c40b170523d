import crypto from 'node:crypto';
import { type CheckoutStatus, isPaidPlan, type PlanId } from '@rumbo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { billingSessions } from '../../db/schema/index.ts';
import {
  applySubscriptionState,
  hasLiveSubscription,
  noSubscription,
  recordPaidInvoice,
  type SubscriptionRow,
  type SubscriptionState,
  subscriptionOf,
} from './fulfilment.ts';
import { type BillingProvider, type BillingSessionRow, returnUrls } from './provider.ts';

/**
 * The local test checkout: used when no Stripe key is configured (never in production). Its pages
 * are served by the API itself; paying drives the same fulfilment as a Stripe invoice.paid. Sessions
 * live in the database so that any app process can serve them.
 */

export const LOCAL_PAGES_PATH = '/api/billing/local';
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
const PORTAL_TTL_MS = 60 * 60 * 1000;

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(24).toString('base64url')}`;

/** One month after `from` (the length of a local billing period). */
function oneMonthAfter(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** `redirect` is a path of the app. */
export type LocalOutcome = { redirect: string } | { notFound: true } | { expired: true };

/** A checkout page: payable, or expired (replaced by a newer checkout, or too old). */
export type LocalCheckoutView = { session: BillingSessionRow } | { expired: true };

export interface LocalPortalView {
  session: BillingSessionRow;
  subscription: SubscriptionRow | undefined;
  live: boolean;
}

export interface LocalBilling extends BillingProvider {
  readonly name: 'local';
  /** A checkout session's page, or undefined when unknown, paid or cancelled. */
  checkoutView(sessionId: string): Promise<LocalCheckoutView | undefined>;
  pay(sessionId: string): Promise<LocalOutcome>;
  cancelCheckout(sessionId: string): Promise<LocalOutcome>;
  portal(sessionId: string): Promise<LocalPortalView | undefined>;
  switchPlan(sessionId: string, planId: PlanId): Promise<LocalOutcome>;
  cancelSubscription(sessionId: string): Promise<LocalOutcome>;
}

export function createLocalBilling(db: Db): LocalBilling {
  // Paths: the pages prefix them with the origin the page was opened on (local-pages.ts).
  const urls = returnUrls('');

  const isExpired = (row: BillingSessionRow, now = new Date()) =>
    row.status === 'expired' || (row.status === 'open' && row.expiresAt.getTime() <= now.getTime());

  /** Locks a session row of this provider and kind for the rest of the transaction. */
  async function lockSession(tx: Db, id: string, kind: 'checkout' | 'portal') {
    const [session] = await tx
      .select()
      .from(billingSessions)
      .where(
        and(
          eq(billingSessions.id, id),
          eq(billingSessions.provider, 'local'),
          eq(billingSessions.kind, kind),
        ),
      )
      .for('update');
    return session;
  }

  /** A local subscription paid for a month from `now`. */
  function activeState(userId: number, subscriptionId: string, planId: PlanId, now: Date): SubscriptionState {
    return {
      userId,
      provider: 'local',
      customerId: `lcus_${userId}`,
      subscriptionId,
      planId,
      status: 'active',
      currentPeriodEnd: oneMonthAfter(now),
      cancelAtPeriodEnd: false,
      syncedAt: now,
    };
  }

  /** A portal session that is still usable, locked, with the user's subscription. */
  async function livePortal(tx: Db, sessionId: string) {
    const session = await lockSession(tx, sessionId, 'portal');
    if (session?.status !== 'open' || isExpired(session)) return undefined;
    const subscription = await subscriptionOf(tx, session.userId);
    if (subscription?.provider !== 'local' || !hasLiveSubscription(subscription)) return { session };
    return { session, subscription };
  }

  return {
    name: 'local',

    async createCheckout(request) {
      const id = randomId('lcs');
      await db.transaction(async (tx) => {
        // One checkout at a time per user, as with Stripe: the user's row serialises two at once,
        // and the open ones expire so that only the newest can be paid.
        await queryRows(tx, sql`select id from users where id = ${request.userId} for update`);
        await tx
          .update(billingSessions)
          .set({ status: 'expired' })
          .where(
            and(
              eq(billingSessions.userId, request.userId),
              eq(billingSessions.provider, 'local'),
              eq(billingSessions.kind, 'checkout'),
              eq(billingSessions.status, 'open'),
            ),
          );
        await tx.insert(billingSessions).values({
          id,
          userId: request.userId,
          provider: 'local',
          kind: 'checkout',
          planId: request.planId,
          status: 'open',
          expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
        });
      });
      return { url: `${request.origin}${LOCAL_PAGES_PATH}/checkout/${id}` };
    },

    async createPortal(userId, origin) {
      const subscription = await subscriptionOf(db, userId);
      if (subscription?.provider !== 'local' || !hasLiveSubscription(subscription)) throw noSubscription();
      const id = randomId('lps');
      await db.insert(billingSessions).values({
        id,
        userId,
        provider: 'local',
        kind: 'portal',
        status: 'open',
        expiresAt: new Date(Date.now() + PORTAL_TTL_MS),
      });
      return { url: `${origin}${LOCAL_PAGES_PATH}/portal/${id}` };
    },

    async checkoutStatus(row): Promise<CheckoutStatus> {
      return isExpired(row) ? 'expired' : row.status;
    },

    async checkoutView(sessionId) {
      const [row] = await db
        .select()
        .from(billingSessions)
        .where(
          and(
            eq(billingSessions.id, sessionId),
            eq(billingSessions.provider, 'local'),
            eq(billingSessions.kind, 'checkout'),
          ),
        );
      if (!row) return undefined;
      if (isExpired(row)) return { expired: true };
      if (row.status !== 'open' || row.planId === null || !isPaidPlan(row.planId)) return undefined;
      return { session: row };
    },

    async pay(sessionId) {
      return db.transaction(async (tx): Promise<LocalOutcome> => {
        const session = await lockSession(tx, sessionId, 'checkout');
        if (!session) return { notFound: true };
        // Paying twice (a double click, the back button) changes nothing and lands on the same result.
        if (session.status === 'paid') return { redirect: urls.success(session.id) };
        // Stripe's page refuses an expired session; so does this one.
        if (isExpired(session)) return { expired: true };
        if (session.status !== 'open' || session.planId === null || !isPaidPlan(session.planId)) {
          return { redirect: urls.cancel };
        }
        const state = activeState(session.userId, randomId('lsub'), session.planId as PlanId, new Date());
        const invoiceId = randomId('linv');
        // A new subscription: while another one is live it gives nothing (fulfilment keeps one live
        // subscription, ADR 0007), and this session is cancelled, nothing charged. Its result reads so.
        const paid = await recordPaidInvoice(tx, state, invoiceId);
        await tx
          .update(billingSessions)
          .set(paid ? { status: 'paid', invoiceId } : { status: 'canceled' })
          .where(eq(billingSessions.id, session.id));
        return { redirect: urls.success(session.id) };
      });
    },

    async cancelCheckout(sessionId) {
      return db.transaction(async (tx): Promise<LocalOutcome> => {
        const session = await lockSession(tx, sessionId, 'checkout');
        if (!session) return { notFound: true };
        if (session.status === 'paid') return { redirect: urls.success(session.id) };
        if (session.status === 'open') {
          await tx
            .update(billingSessions)
            .set({ status: 'canceled' })
            .where(eq(billingSessions.id, session.id));
        }
        return { redirect: urls.cancel };
      });
    },

    async portal(sessionId) {
      const [session] = await db
        .select()
        .from(billingSessions)
        .where(
          and(
            eq(billingSessions.id, sessionId),
            eq(billingSessions.provider, 'local'),
            eq(billingSessions.kind, 'portal'),
          ),
        );
      if (session?.status !== 'open' || isExpired(session)) return undefined;
      const subscription = await subscriptionOf(db, session.userId);
      const live = subscription?.provider === 'local' && hasLiveSubscription(subscription);
      return { session, subscription, live };
    },

    async switchPlan(sessionId, planId) {
      return db.transaction(async (tx): Promise<LocalOutcome> => {
        const found = await livePortal(tx, sessionId);
        if (!found) return { notFound: true };
        const { session, subscription } = found;
        if (!subscription || !isPaidPlan(planId) || subscription.planId === planId) {
          return { redirect: urls.profile };
        }
        // A change of plan is billed at once here: a new period with the new plan's credits.
        const subscriptionId = subscription.subscriptionId ?? randomId('lsub');
        const state = activeState(session.userId, subscriptionId, planId, new Date());
        await recordPaidInvoice(tx, state, randomId('linv'));
        return { redirect: urls.profile };
      });
    },

    async cancelSubscription(sessionId) {
      return db.transaction(async (tx): Promise<LocalOutcome> => {
        const found = await livePortal(tx, sessionId);
        if (!found) return { notFound: true };
        const { session, subscription } = found;
        if (!subscription) return { redirect: urls.profile };
        // Cancelled at once (not at the period's end), so that the flow can be tried in one sitting.
        const now = new Date();
        await applySubscriptionState(tx, {
          userId: session.userId,
          provider: 'local',
          customerId: subscription.customerId ?? `lcus_${session.userId}`,
          subscriptionId: subscription.subscriptionId ?? randomId('lsub'),
          planId: subscription.planId as PlanId,
          status: 'canceled',
          currentPeriodEnd: now,
          cancelAtPeriodEnd: false,
          syncedAt: now,
        });
        return { redirect: urls.profile };
      });
    },
  };
}

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { at, createdAt, updatedAt } from './columns.ts';

/**
 * The payment-provider side of a user: their customer and their current subscription, as last read
 * from the provider. One row per user; `synced_at` is when that state was read, so that an older read
 * finishing late never overwrites a newer one.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'stripe' or 'local' (the test checkout). */
  provider: text('provider').notNull(),
  customerId: text('customer_id').unique(),
  subscriptionId: text('subscription_id').unique(),
  planId: integer('plan_id').notNull().default(-1),
  /** The provider's status ('active', 'past_due', 'canceled', …) or 'none' before any subscription. */
  status: text('status').notNull().default('none'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  syncedAt: at('synced_at'),
  updatedAt: updatedAt(),
});

/**
 * Provider events already applied. The id is inserted in the same transaction as the event's effect,
 * so a redelivered event is a no-op and a failed one leaves no trace (the provider retries it).
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
});

export const BILLING_SESSION_KINDS = ['checkout', 'portal'] as const;
export const BILLING_SESSION_STATUSES = ['open', 'paid', 'canceled', 'expired'] as const;

/**
 * Checkout and portal sessions started by a user. For Stripe it records who owns a Checkout Session
 * (so that nobody can look up another user's); for the local test checkout it is the whole session,
 * kept in the database because several app processes may serve the pages.
 */
export const billingSessions = pgTable(
  'billing_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: BILLING_SESSION_KINDS }).notNull(),
    planId: integer('plan_id'),
    status: text('status', { enum: BILLING_SESSION_STATUSES }).notNull().default('open'),
    invoiceId: text('invoice_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('billing_sessions_user_id_idx').on(t.userId),
    check('billing_sessions_kind', sql`${t.kind} in ('checkout', 'portal')`),
    check('billing_sessions_status', sql`${t.status} in ('open', 'paid', 'canceled', 'expired')`),
  ],
);

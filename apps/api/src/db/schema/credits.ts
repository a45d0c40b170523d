import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, updatedAt } from './columns.ts';

export const CREDIT_KINDS = ['grant', 'debit', 'refund', 'reset'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/**
 * Append-only record of every change to a balance. `source_id` is the idempotency key (an invoice,
 * a message, `free:<user>:<yyyy-mm>`): the same source can never change a balance twice. The deltas
 * of a user always add up to the balance.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull().unique(),
    delta: integer('delta').notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_id_idx').on(t.userId),
    // The operator's console sums the credits spent in a period.
    index('credit_ledger_created_at_idx').on(t.createdAt),
    check('credit_ledger_kind', sql`${t.kind} in ('grant', 'debit', 'refund', 'reset')`),
  ],
);

/** The spendable credits of a user; the CHECK makes overspending impossible even for a buggy caller. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('credit_balances_balance_non_negative', sql`${t.balance} >= 0`)],
);

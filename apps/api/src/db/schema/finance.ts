import type { FinancialAssumptions, PlanProposal, PlanScenarios } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { businessDocumentColumns, businesses } from './businesses.ts';
import { at, createdAt } from './columns.ts';

/**
 * A business's financial plan (ADR 0040): the founder's assumptions, the scenarios' multipliers and the
 * mentor's proposals still waiting for an answer. The figures are never stored: the engine computes them
 * from these (packages/contract/src/finance-engine.ts), the same in the browser, the API and the document.
 */
export const financialPlans = pgTable('financial_plans', {
  ...businessDocumentColumns(),
  assumptions: jsonb('assumptions').$type<FinancialAssumptions>().notNull(),
  scenarios: jsonb('scenarios').$type<PlanScenarios>().notNull(),
  proposals: jsonb('proposals').$type<PlanProposal[]>().notNull().default(sql`'[]'::jsonb`),
});

/**
 * A read-only link to a business's plan and its document (ADR 0042): signed, expiring, revocable, with
 * its view count. The id is random; the link carries it with a signature, so a guessed or altered id
 * is refused before the database is asked.
 */
export const planShares = pgTable(
  'plan_shares',
  {
    id: text('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('plan_shares_business_idx').on(t.businessId)],
);

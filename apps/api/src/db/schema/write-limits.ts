import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Per-user counters of writes in fixed windows (`lib/write-counters.ts`; `http/write-limits.ts` counts
 * every write), in the database so that every app process counts against the same budget.
 */
export const writeLimits = pgTable('write_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: at('window_started_at').notNull(),
});

import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt } from './columns.ts';

/**
 * What a user wrote in the home's feedback form (the fallback when no `FEEDBACK_URL` is configured),
 * read by the operator in the console. It goes with the user's account.
 */
export const productFeedback = pgTable(
  'product_feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    /** The screen it was sent from (a page name of the analytics rules). */
    page: text('page'),
    createdAt: createdAt(),
  },
  (t) => [index('product_feedback_created_at_idx').on(t.createdAt)],
);

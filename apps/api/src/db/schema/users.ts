import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The product user of spec §3 (what GET /api/users/me returns). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    fullName: text('full_name').notNull(),
    language: text('language').notNull().default('es'),
    role: text('role').notNull().default('user'),
    planId: integer('plan_id').notNull().default(-1),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [check('users_language_es', sql`${t.language} = 'es'`)],
);

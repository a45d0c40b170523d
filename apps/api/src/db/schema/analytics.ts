import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { at, createdAt } from './columns.ts';

/**
 * First-party product analytics (ADR 0017): what the browser and the server report, kept in our own
 * database. `user_id` is set only for a signed-in user who has not opted out; deleting the user
 * deletes their events. Rows older than ANALYTICS_RETENTION_DAYS are deleted by a scheduled job.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    properties: jsonb('properties').notNull().default(sql`'{}'::jsonb`),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A random id the browser keeps for its tab's session (and in its visit cookie, so that the server's
     * 'Sign Up' and 'Login' carry it, ADR 0030); null for the other events the server records.
     */
    sessionId: text('session_id'),
    path: text('path'),
    referrerDomain: text('referrer_domain'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    device: text('device', { enum: ['mobile', 'tablet', 'desktop'] }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_created_at_idx').on(t.createdAt),
    index('analytics_events_user_id_idx').on(t.userId),
    index('analytics_events_name_created_at_idx').on(t.name, t.createdAt),
  ],
);

/**
 * Daily counts the operator's console reads instead of scanning a year of events: one row per day,
 * metric and key (a page name, a UTM source, an event name, a user id). Closed days are
 * filled by a scheduled job; the console counts the current day from the events themselves.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** 'active_users' has one row per user (key: their id, count: their events); 'rolled' marks a counted day. */
    metric: text('metric', {
      enum: ['page_views', 'utm_sessions', 'events', 'active_users', 'rolled'],
    }).notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
  },
  // The console reads one metric over a period: without the second index it would read every metric.
  (t) => [
    primaryKey({ columns: [t.day, t.metric, t.key] }),
    index('analytics_daily_metric_day_idx').on(t.metric, t.day),
  ],
);

/** Every change an operator makes from the console: who, what, to whom and why. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text so that the record still names the operator after their account is gone. */
    adminEmail: text('admin_email').notNull(),
    action: text('action', { enum: ['grant_credits', 'retry_research'] }).notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_at_idx').on(t.createdAt)],
);

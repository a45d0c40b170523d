import type { MailFrequency, NotificationKind } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { businesses } from './businesses.ts';
import { at, createdAt, updatedAt } from './columns.ts';

/**
 * A notification of the centre ('Notificaciones inteligentes', ADR 0056): one per user, kind and period
 * (`period_key`: the day, the week, the run, the credit period…), so a schedule that runs twice, or a
 * worker killed and started again, never makes a second one. Deleted with its user or its business.
 * `mail_state` follows its e-mail: `due` → `sending` → `sent` for an immediate mail, `digest` while it
 * waits for the daily or weekly digest, `skipped` when no mail goes (preference, or the study's own mail).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path of the web app ('/roadmap/12'), never an address from outside. */
    link: text('link').notNull(),
    readAt: at('read_at'),
    mailState: text('mail_state', { enum: ['due', 'sending', 'sent', 'digest', 'skipped'] }),
    mailAt: at('mail_at'),
    /** The digest a `digest` notification was taken into (its period). */
    digestKey: text('digest_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_once_idx').on(t.userId, t.kind, t.periodKey),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_mail_idx')
      .on(t.mailState)
      .where(sql`${t.mailState} in ('due', 'sending', 'digest')`),
  ],
);

/** What a user wants to hear about, and how often by e-mail; no row means the defaults (all on, at once). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  research: boolean('research').notNull().default(true),
  tasks: boolean('tasks').notNull().default(true),
  credits: boolean('credits').notNull().default(true),
  weeklySummary: boolean('weekly_summary').notNull().default(true),
  mailFrequency: text('mail_frequency').$type<MailFrequency>().notNull().default('inmediato'),
  updatedAt: updatedAt(),
});

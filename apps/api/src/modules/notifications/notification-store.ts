import {
  ERROR_CODES,
  hasNotifications,
  NOTIFICATIONS_NOT_ALLOWED_MESSAGE,
  type NotificationKind,
  type NotificationPreferences,
  TOPIC_OF_KIND,
} from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';

// The notifications' storage (ADR 0056): who may reach them, the preferences, and the one way a
// notification is made (once per user, kind and period).

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  research: true,
  tasks: true,
  credits: true,
  weekly_summary: true,
  mail_frequency: 'inmediato',
};

/** The signed-in user, on a plan with the notifications (403 otherwise). */
export async function notificationUser(db: Db, userId: number): Promise<void> {
  const [row] = await db.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  if (!hasNotifications(row.planId)) {
    throw forbidden(ERROR_CODES.notificationsNotAllowed, NOTIFICATIONS_NOT_ALLOWED_MESSAGE);
  }
}

export async function preferencesOf(db: Db, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  if (!row) return { ...DEFAULT_PREFERENCES };
  return {
    research: row.research,
    tasks: row.tasks,
    credits: row.credits,
    weekly_summary: row.weeklySummary,
    mail_frequency: row.mailFrequency,
  };
}

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  businessId: number | null;
  periodKey: string;
  title: string;
  body: string;
  link: string;
}

/** What becomes of a new notification's e-mail, from the user's preferences. */
export type MailPlan = 'due' | 'digest' | 'skipped';

export function mailPlanOf(preferences: NotificationPreferences, productMail: boolean): MailPlan {
  if (!productMail || preferences.mail_frequency === 'nunca') return 'skipped';
  return preferences.mail_frequency === 'inmediato' ? 'due' : 'digest';
}

export const kindIsOn = (preferences: NotificationPreferences, kind: NotificationKind) =>
  preferences[TOPIC_OF_KIND[kind]];

/**
 * Makes the notification unless this user already has one of this kind for this period, and only while
 * the user (and the business, when it names one) still exists: `insert … select … on conflict do
 * nothing`. Returns its id when this call made it, so only the maker queues its e-mail.
 */
export async function insertNotification(
  db: Db,
  n: NewNotification,
  mail: MailPlan,
  now: Date = new Date(),
): Promise<number | null> {
  const business =
    n.businessId === null
      ? sql`true`
      : sql`exists (select 1 from businesses b where b.id = ${n.businessId} and b.user_id = u.id)`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into notifications (user_id, kind, business_id, period_key, title, body, link, mail_state, created_at)
      select u.id, ${n.kind}, ${n.businessId}, ${n.periodKey}, ${n.title}, ${n.body}, ${n.link}, ${mail},
        ${now.toISOString()}::timestamptz
      from users u where u.id = ${n.userId} and u.is_active and ${business}
      on conflict (user_id, kind, period_key) do nothing
      returning id`,
  );
  return row ? Number(row.id) : null;
}

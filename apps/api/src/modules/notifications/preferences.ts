import type { NotificationPreferences, NotificationPreferencesPatch } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/index.ts';
import { preferencesOf } from './notification-store.ts';

/** Changes only the preferences named; the others keep their value (or their default). */
export async function changePreferences(
  db: Db,
  userId: number,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  const next = { ...(await preferencesOf(db, userId)), ...patch };
  const values = {
    research: next.research,
    tasks: next.tasks,
    credits: next.credits,
    weeklySummary: next.weekly_summary,
    mailFrequency: next.mail_frequency,
  };
  const named = {
    ...(patch.research === undefined ? {} : { research: patch.research }),
    ...(patch.tasks === undefined ? {} : { tasks: patch.tasks }),
    ...(patch.credits === undefined ? {} : { credits: patch.credits }),
    ...(patch.weekly_summary === undefined ? {} : { weeklySummary: patch.weekly_summary }),
    ...(patch.mail_frequency === undefined ? {} : { mailFrequency: patch.mail_frequency }),
  };
  // Two tabs saving different switches at once: each changes only its own column.
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...named, updatedAt: sql`now()` },
    });
  return preferencesOf(db, userId);
}

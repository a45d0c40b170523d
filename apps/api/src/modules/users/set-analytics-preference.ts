import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** PUT /api/users/me/analytics: with `personal` off, the user's events are kept without their identity. */
export async function setAnalyticsPreference(db: Db, userId: number, personal: boolean): Promise<void> {
  await db
    .update(users)
    .set({ analyticsOptOut: !personal, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The browser's IANA time zone (validated by the contract with Intl), sent at sign-in (ADR 0056). */
export async function setTimeZone(db: Db, userId: number, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone, updatedAt: new Date() }).where(eq(users.id, userId));
}

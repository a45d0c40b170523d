import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** PATCH /api/users/me: the only field of the user a person changes themselves (the e-mail is not). */
export async function changeFullName(db: Db, userId: number, fullName: string): Promise<void> {
  await db.update(users).set({ fullName, updatedAt: new Date() }).where(eq(users.id, userId));
}

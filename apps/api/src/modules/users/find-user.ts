import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

export type UserRow = typeof users.$inferSelect;

/** The signed-in user's row; a session whose user is gone (deleted meanwhile) gets a 404. */
export async function findUser(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Usuario no encontrado');
  return user;
}

/** Whether the user still exists (a signed link may outlive its account). */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user !== undefined;
}

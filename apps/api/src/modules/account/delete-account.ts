import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, businesses, users } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage } from '../files/storage.ts';

/**
 * Removes every row of the user and every file they stored (ADR 0047, 'Eliminar mi cuenta'). The
 * caller has already cancelled their paid subscription at the provider. The `users` row takes with it
 * (foreign keys, ON DELETE CASCADE) sessions, accounts, two-factor secrets, businesses with their
 * chats, messages, attachments and research, credits, subscriptions, billing sessions, analytics
 * events, feedback and generations; the rows that name the user without a foreign key are deleted
 * here by hand, in the same transaction. The operator's audit log keeps its entries, without the user.
 * Files go after the commit: a failure there leaves a file nobody can reach, never a half-deleted account.
 */
export async function deleteAccount(
  db: Db,
  storage: FileStorage,
  logger: Logger,
  userId: number,
): Promise<void> {
  const files = await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return [];
    const owned = await tx
      .select({ id: businesses.id, logoKey: businesses.logoKey })
      .from(businesses)
      .where(eq(businesses.userId, userId));
    const ids = owned.map((business) => business.id);
    const attached = ids.length
      ? await tx
          .select({ key: attachments.storageKey })
          .from(attachments)
          .where(inArray(attachments.businessId, ids))
      : [];
    const id = String(userId);
    const email = user.email.trim().toLowerCase();
    await tx.execute(sql`delete from send_reservations where user_id = ${userId}`);
    // Per-user write counters are keyed '<limit>:<user id>'.
    await tx.execute(sql`delete from write_limits where key like ${`%:${id}`}`);
    // Failed sign-ins are keyed '<address>|<e-mail>' (and '*|<e-mail>' for the account).
    const suffix = `|${email}`;
    await tx.execute(sql`delete from sign_in_failures where right(key, ${suffix.length}::int) = ${suffix}`);
    // Better Auth's verification rows (reset codes, two-factor challenges, trusted devices) hold the user id.
    await tx.execute(sql`delete from verifications where value = ${id}`);
    await tx.execute(sql`delete from analytics_daily where metric = 'active_users' and key = ${id}`);
    await tx.delete(users).where(eq(users.id, userId));
    return [
      ...owned.flatMap((business) => (business.logoKey ? [business.logoKey] : [])),
      ...attached.map((file) => file.key),
    ];
  });
  for (const key of files) {
    try {
      await storage.delete(key);
    } catch (error) {
      logger.error({ err: error, key }, 'could not delete a file of a deleted account');
    }
  }
}

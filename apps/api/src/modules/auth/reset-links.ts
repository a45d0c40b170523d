import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/index.ts';

/** Better Auth keeps reset tokens in `verifications` under this identifier prefix, the user id as value. */
export const RESET_TOKEN_IDENTIFIER_PREFIX = 'reset-password:';

/**
 * Only a user's newest password-reset link works: sending one ends those sent before, and setting a
 * new password ends every one left. A link in an old e-mail must not outlive the one the user acted on.
 */
export function createResetLinks(db: Db) {
  const ofUser = (userId: string | number) =>
    and(
      like(verifications.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}%`),
      eq(verifications.value, String(userId)),
    );
  return {
    async endOlderThan(token: string, userId: string | number): Promise<void> {
      const current = db
        .select({ id: verifications.id })
        .from(verifications)
        .where(eq(verifications.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}${token}`));
      await db.delete(verifications).where(and(ofUser(userId), lt(verifications.id, sql`(${current})`)));
    },
    async endAll(userId: string | number): Promise<void> {
      await db.delete(verifications).where(ofUser(userId));
    },
  };
}

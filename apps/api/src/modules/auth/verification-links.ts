import crypto from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/index.ts';

/** Where a mailed verification link's binding is kept in `verifications` (the token's hash follows). */
export const VERIFICATION_LINK_IDENTIFIER_PREFIX = 'operator-verification:';

export type SpentLink = 'valid' | 'expired' | 'invalid';

const identifierOf = (token: string) =>
  `${VERIFICATION_LINK_IDENTIFIER_PREFIX}${crypto.createHash('sha256').update(token).digest('hex')}`;

/**
 * Better Auth's e-mail verification token is a signed, stateless JWT that names an address and nothing
 * else: any account holding that address when the link is opened would be verified by it, the next
 * sign-up of a deleted operator's address included. Each token the app mails is therefore bound here to
 * the account it was sent for (by the token's hash, the account id as value), only a user's newest one
 * works, and it is spent on first use (ADR 0022).
 */
export function createVerificationLinks(db: Db) {
  const ofUser = (userId: string | number) =>
    and(
      like(verifications.identifier, `${VERIFICATION_LINK_IDENTIFIER_PREFIX}%`),
      eq(verifications.value, String(userId)),
    );
  return {
    async issue(token: string, userId: string | number, ttlSeconds: number): Promise<void> {
      await db.delete(verifications).where(ofUser(userId));
      await db.insert(verifications).values({
        identifier: identifierOf(token),
        value: String(userId),
        expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      });
    },
    /** Spends the link if it was sent to `userId`: whether it was still valid, expired or not theirs. */
    async spend(token: string, userId: number): Promise<SpentLink> {
      const [row] = await db
        .delete(verifications)
        .where(
          and(eq(verifications.identifier, identifierOf(token)), eq(verifications.value, String(userId))),
        )
        .returning({ expiresAt: verifications.expiresAt });
      if (!row) return 'invalid';
      return row.expiresAt.getTime() > Date.now() ? 'valid' : 'expired';
    },
  };
}

import type { GrantCreditsInput } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { adminGrantSourceId, balance, grant } from '../credits/credits.ts';
import { type Operator, writeAudit } from './audit.ts';

/**
 * An operator gives a user credits: the audit line and the grant (through the credits module, keyed on
 * the audit line) are one transaction, so there is never a grant nobody answers for, nor a line
 * for credits never given. Returns the user's balance after it (null: unlimited plan).
 */
export async function grantCredits(
  db: Db,
  operator: Operator,
  userId: number,
  input: GrantCreditsInput,
): Promise<number | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Usuario no encontrado');
  await db.transaction(async (tx) => {
    const auditId = await writeAudit(tx, operator, {
      action: 'grant_credits',
      targetUserId: userId,
      details: { amount: input.amount, reason: input.reason },
    });
    await grant(tx, userId, input.amount, adminGrantSourceId(auditId));
  });
  return balance(db, userId);
}

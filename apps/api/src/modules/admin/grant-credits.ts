import type { GrantCreditsInput } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { adminGrantSourceId, balance, grant } from '../credits/credits.ts';
import { type Operator, writeAudit } from './audit.ts';

/**
 * An operator gives a user credits: the grant (through the credits module, keyed on the operator's
 * request id) and its audit line are one transaction, so there is never a grant nobody answers for,
 * nor a line for credits never given; a retried request finds its grant made and changes nothing.
 * Returns the user's balance after it (null: unlimited plan).
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
    const sourceId = adminGrantSourceId(operator.id, input.request_id);
    if (!(await grant(tx, userId, input.amount, sourceId))) return;
    await writeAudit(tx, operator, {
      action: 'grant_credits',
      targetUserId: userId,
      details: { amount: input.amount, reason: input.reason },
    });
  });
  return balance(db, userId);
}

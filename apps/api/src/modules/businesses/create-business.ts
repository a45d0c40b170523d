import {
  type Business,
  type BusinessStage,
  businessLimit,
  businessLimitMessage,
  ERROR_CODES,
  NO_PLAN,
} from '@rumbo/contract';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type BusinessInput, type BusinessRow, toBusiness, toBusinessColumns } from './business-wire.ts';

/**
 * Stores a business (its input already checked by the route) within the plan's limit. A user still
 * without a plan may create one (the onboarding registers the business before the plan is chosen).
 */
export async function createBusiness(
  db: Db,
  userId: number,
  stage: BusinessStage,
  input: BusinessInput,
): Promise<Business> {
  const row = await db.transaction(async (tx) => {
    // Locks the user so that two concurrent creations cannot both pass the limit.
    const [user] = await tx
      .select({ planId: users.planId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound('Usuario no encontrado');
    const limit = user.planId === NO_PLAN ? 1 : businessLimit(user.planId);
    const [owned] = await tx.select({ n: count() }).from(businesses).where(eq(businesses.userId, userId));
    if ((owned?.n ?? 0) >= limit) {
      throw new AppError(403, ERROR_CODES.businessLimitReached, businessLimitMessage(limit));
    }
    const [created] = await tx
      .insert(businesses)
      .values({ ...toBusinessColumns(input), userId, stage })
      .returning();
    return created as BusinessRow;
  });
  return toBusiness(row);
}

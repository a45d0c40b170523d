import type { BusinessStage } from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../http/errors.ts';
import type { Db } from './client.ts';
import { businesses, users } from './schema/index.ts';

export type OwnedBusiness = { business: typeof businesses.$inferSelect; planId: number };

/**
 * The one ownership check of a business, for every module that works on one: the caller's business,
 * with the caller's plan (read in the same query, for the modules a plan gates). Someone else's
 * business, a missing one, or one of another stage when a stage is asked for, does not exist (404), so
 * a stranger learns nothing about it.
 */
export async function ownedBusiness(
  db: Db,
  { userId, businessId, stage }: { userId: number; businessId: number; stage?: BusinessStage },
): Promise<OwnedBusiness> {
  const owned = and(eq(businesses.id, businessId), eq(businesses.userId, userId));
  const [row] = await db
    .select({ business: businesses, planId: users.planId })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(stage ? and(owned, eq(businesses.stage, stage)) : owned);
  if (!row) throw notFound('Negocio no encontrado');
  return row;
}

import type { Business, BusinessStage } from '@rumbo/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { businesses } from '../../db/schema/index.ts';
import { toBusiness } from './business-wire.ts';

/** GET /api/businesses/{segment}/{id}. */
export async function getBusiness(
  db: Db,
  userId: number,
  stage: BusinessStage,
  id: number,
): Promise<Business> {
  return toBusiness((await ownedBusiness(db, { userId, businessId: id, stage })).business);
}

/** GET /api/businesses: the user's businesses, by ascending id. */
export async function listBusinesses(db: Db, userId: number): Promise<Business[]> {
  const rows = await db
    .select()
    .from(businesses)
    .where(eq(businesses.userId, userId))
    .orderBy(asc(businesses.id));
  return rows.map(toBusiness);
}

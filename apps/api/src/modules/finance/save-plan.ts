import type { FinancialPlan, FinancialPlanInput } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { financialPlans } from '../../db/schema/index.ts';
import { planOfBusiness } from './read-plan.ts';

/** PUT /api/businesses/{id}/financial-plan: the founder's assumptions, scenarios and pending proposals. */
export async function savePlan(
  db: Db,
  userId: number,
  businessId: number,
  input: FinancialPlanInput,
): Promise<FinancialPlan> {
  const { business } = await ownedBusiness(db, { userId, businessId });
  const values = {
    assumptions: input.assumptions,
    scenarios: input.scenarios,
    ...(input.proposals ? { proposals: input.proposals } : {}),
  };
  await db
    .insert(financialPlans)
    .values({ businessId, userId, ...values })
    .onConflictDoUpdate({ target: financialPlans.businessId, set: { ...values, updatedAt: sql`now()` } });
  return planOfBusiness(db, business);
}

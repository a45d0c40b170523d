import { countryLocale, currencyCode, type FinancialPlan } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { financialPlans } from '../../db/schema/index.ts';
import type { BusinessRow } from '../businesses/business-wire.ts';
import { firstPlan } from './first-plan.ts';

/** The business's currency: an idea's investment currency, an established business's billing one. */
export function planCurrency(business: BusinessRow): 'EUR' | 'USD' {
  const currency = business.stage === 'idea' ? business.investmentCurrency : business.billingCurrency;
  return currencyCode(currency === 'dollar' ? 'dollar' : 'euro');
}

/** The wire plan of a business (its stored one, or the first plan from its profile). */
export async function planOfBusiness(
  db: Db,
  business: BusinessRow,
  today = new Date(),
): Promise<FinancialPlan> {
  const [stored] = await db.select().from(financialPlans).where(eq(financialPlans.businessId, business.id));
  const plan = stored ?? { ...firstPlan(business, today), proposals: [], updatedAt: null };
  return {
    business_id: business.id,
    business_name: business.name,
    stage: business.stage,
    country: business.location,
    currency: planCurrency(business),
    locale: countryLocale(business.location),
    saved: Boolean(stored),
    updated_at: plan.updatedAt ? plan.updatedAt.toISOString() : null,
    assumptions: plan.assumptions,
    scenarios: plan.scenarios,
    proposals: plan.proposals,
  };
}

/** GET /api/businesses/{id}/financial-plan. */
export async function readPlan(db: Db, userId: number, businessId: number): Promise<FinancialPlan> {
  return planOfBusiness(db, (await ownedBusiness(db, { userId, businessId })).business);
}

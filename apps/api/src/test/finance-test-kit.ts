import type { FinancialAssumptions, FinancialPlanInput, Origin } from '@rumbo/contract';
import type { TestApp } from './app.ts';

/** A shop's plan for the finance module's tests (the engine's own cases are in the contract). */
const founder: Origin = { kind: 'founder', note: 'Lo que vendo hoy en el mercado', sources: [] };
export const shopAssumptions: FinancialAssumptions = {
  start_month: '2027-01',
  products: [
    {
      id: 'cestas',
      name: 'Cestas de productos locales',
      kind: 'sale',
      price: 20,
      unit_cost: 8,
      start_volume: 200,
      monthly_growth_pct: 5,
      churn_pct: 0,
      start_month: 1,
      origin: founder,
    },
  ],
  inventory_months: { value: 1, origin: founder },
  fixed_costs: [
    { id: 'alquiler', name: 'Alquiler del local', monthly: 1500, start_month: 1, origin: founder },
    { id: 'suministros', name: 'Suministros', monthly: 300, start_month: 1, origin: founder },
  ],
  marketing_monthly: { value: 200, origin: founder },
  team: [
    {
      id: 'dependienta',
      name: 'Dependienta',
      headcount: 1,
      monthly_salary: 1400,
      start_month: 1,
      origin: founder,
    },
  ],
  employer_cost_pct: { value: 31.5, origin: founder },
  investments: [{ id: 'reforma', name: 'Reforma del local', amount: 12000, month: 0, origin: founder }],
  own_funds: { value: 25000, origin: founder },
  loans: [],
  grants: [],
  equity: [],
};

export const shopPlan: FinancialPlanInput = {
  assumptions: shopAssumptions,
  scenarios: { pessimistic: { volume: 0.8 }, optimistic: { volume: 1.2 } },
};

/** The owner's calls to their plan. */
export function planCalls(t: TestApp) {
  return {
    read: (cookie: string | undefined, businessId: number) =>
      t.request(`/api/businesses/${businessId}/financial-plan`, { headers: cookie ? { cookie } : {} }),
    save: (cookie: string | undefined, businessId: number, body: unknown) =>
      t.request(`/api/businesses/${businessId}/financial-plan`, {
        method: 'PUT',
        headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

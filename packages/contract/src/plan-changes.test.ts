import { describe, expect, it } from 'vitest';
import type { FinancialAssumptions } from './finance.ts';
import { applyPlanChange, describePlanChange, planChangeTargets, splitPlanChanges } from './plan-changes.ts';

const origin = { kind: 'founder' as const, note: '', sources: [] };
const plan: FinancialAssumptions = {
  start_month: '2027-01',
  products: [
    {
      id: 'cestas',
      name: 'Cestas',
      kind: 'sale',
      price: 20,
      unit_cost: 8,
      start_volume: 200,
      monthly_growth_pct: 5,
      churn_pct: 0,
      start_month: 1,
      origin,
    },
  ],
  inventory_months: { value: 1, origin },
  fixed_costs: [{ id: 'alquiler', name: 'Alquiler', monthly: 1500, start_month: 1, origin }],
  marketing_monthly: { value: 200, origin },
  team: [],
  employer_cost_pct: { value: 31.5, origin },
  investments: [],
  own_funds: { value: 25000, origin },
  loans: [],
  grants: [],
  equity: [],
};

describe('changes the advisor proposes in an answer', () => {
  it('are read out of the text, which keeps the rest; a marker still being written is hidden', () => {
    const { text, changes } = splitPlanChanges(
      'Sube el marketing a 400 €.\n\n[[cambio-plan marketing_monthly=400]]\n[[cambio-plan cestas:price = 22,5]]',
    );
    expect(text).toBe('Sube el marketing a 400 €.');
    expect(changes).toEqual([
      { target: 'marketing_monthly', value: 400 },
      { target: 'cestas:price', value: 22.5 },
    ]);
    expect(splitPlanChanges('Te propongo un cambio [[cambio-pl').text).toBe('Te propongo un cambio');
    expect(splitPlanChanges('Sin cambios [1].').changes).toEqual([]);
  });

  it('show the value before and after, and apply to what they name only', () => {
    expect(describePlanChange(plan, { target: 'cestas:price', value: 22 })).toEqual({
      label: 'Cestas: precio',
      unit: 'money',
      before: 20,
      after: 22,
    });
    const applied = applyPlanChange(plan, { target: 'marketing_monthly', value: 400 });
    expect(applied?.marketing_monthly.value).toBe(400);
    expect(applied?.marketing_monthly.origin.kind).toBe('mentor');
    expect(applied?.products).toEqual(plan.products);
    const repriced = applyPlanChange(plan, { target: 'cestas:price', value: 22 });
    expect(repriced?.products[0]?.price).toBe(22);
    expect(repriced?.fixed_costs).toEqual(plan.fixed_costs);
  });

  it('refuse what the plan does not have or cannot take', () => {
    expect(applyPlanChange(plan, { target: 'otra:price', value: 1 })).toBeNull();
    expect(applyPlanChange(plan, { target: 'cestas:name', value: 1 })).toBeNull();
    expect(applyPlanChange(plan, { target: 'employer_cost_pct', value: 140 })).toBeNull();
    expect(applyPlanChange(plan, { target: 'marketing_monthly', value: -5 })).toBeNull();
    expect(planChangeTargets(plan)).toContain(
      'cestas:price, cestas:unit_cost, cestas:start_volume, cestas:monthly_growth_pct, cestas:churn_pct (Cestas)',
    );
  });
});

import type { FinancialAssumptions, Origin, PlanProposal } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import { applyProposal, updateItem, updateSetting } from './plan-edits.ts';

const mentor: Origin = { kind: 'mentor', note: 'Precio medio de cestas en tu zona', sources: [2] };
const base: FinancialAssumptions = {
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
      origin: mentor,
    },
  ],
  inventory_months: { value: 0, origin: { kind: 'founder', note: '', sources: [] } },
  fixed_costs: [],
  marketing_monthly: { value: 0, origin: { kind: 'founder', note: '', sources: [] } },
  team: [],
  employer_cost_pct: { value: 31.5, origin: mentor },
  investments: [],
  own_funds: { value: 0, origin: { kind: 'founder', note: '', sources: [] } },
  loans: [],
  grants: [],
  equity: [],
};

describe('editing the plan', () => {
  it('a number the founder changes becomes theirs, saying what it was adjusted from; a name change does not', () => {
    const renamed = updateItem(base, 'products', 'cestas', { name: 'Cestas grandes' });
    expect(renamed.products[0]?.origin).toEqual(mentor);
    const repriced = updateItem(base, 'products', 'cestas', { price: 22 });
    expect(repriced.products[0]).toMatchObject({
      price: 22,
      origin: {
        kind: 'founder',
        note: 'Ajustado por ti (Estimación del mentor: Precio medio de cestas en tu zona)',
        sources: [2],
      },
    });
    expect(updateSetting(base, 'employer_cost_pct', 30).employer_cost_pct.origin.kind).toBe('founder');
  });

  it('an accepted proposal adds its item, replaces the one with its id, or sets its setting', () => {
    const cost: PlanProposal = {
      id: 'p1',
      kind: 'fixed_cost',
      item: { id: 'alquiler', name: 'Alquiler', monthly: 900, start_month: 1, origin: mentor },
    };
    expect(applyProposal(base, cost).fixed_costs).toEqual([cost.item]);
    const product: PlanProposal = {
      id: 'p2',
      kind: 'product',
      item: { ...(base.products[0] as FinancialAssumptions['products'][number]), price: 25 },
    };
    expect(applyProposal(base, product).products).toHaveLength(1);
    expect(applyProposal(base, product).products[0]?.price).toBe(25);
    const setting: PlanProposal = {
      id: 'p3',
      kind: 'setting',
      key: 'marketing_monthly',
      value: 400,
      origin: mentor,
    };
    expect(applyProposal(base, setting).marketing_monthly).toEqual({ value: 400, origin: mentor });
  });
});

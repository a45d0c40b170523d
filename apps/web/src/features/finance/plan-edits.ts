import type {
  FinancialAssumptions,
  Origin,
  PlanCost,
  PlanFunding,
  PlanInvestment,
  PlanLoan,
  PlanProduct,
  PlanProposal,
  PlanRole,
} from '@rumbo/contract';
import { financeCopy } from '../../config/copy/finance.es.ts';

/** Pure edits of the plan's assumptions, as the screen makes them. */

export type ListKey = 'products' | 'fixed_costs' | 'team' | 'investments' | 'loans' | 'grants' | 'equity';
export type SettingKey = 'inventory_months' | 'marketing_monthly' | 'employer_cost_pct' | 'own_funds';
type ItemOf<K extends ListKey> = FinancialAssumptions[K][number];

export const newId = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
const mine = (): Origin => ({ kind: 'founder', note: '', sources: [] });

/** What a value's origin becomes when the founder changes it: theirs, keeping where it came from. */
export function adjusted(origin: Origin): Origin {
  if (origin.kind === 'founder') return origin;
  const before = financeCopy.origin[origin.kind];
  return {
    kind: 'founder',
    note: `${financeCopy.origin.adjusted} (${before}: ${origin.note})`.slice(0, 1000),
    sources: origin.sources,
  };
}

export const blank = {
  product: (): PlanProduct => ({
    id: newId('producto'),
    name: financeCopy.product.newName,
    kind: 'sale',
    price: 0,
    unit_cost: 0,
    start_volume: 0,
    monthly_growth_pct: 0,
    churn_pct: 0,
    start_month: 1,
    origin: mine(),
  }),
  cost: (): PlanCost => ({
    id: newId('coste'),
    name: financeCopy.cost.newName,
    monthly: 0,
    start_month: 1,
    origin: mine(),
  }),
  role: (): PlanRole => ({
    id: newId('puesto'),
    name: financeCopy.role.newName,
    headcount: 1,
    monthly_salary: 0,
    start_month: 1,
    origin: mine(),
  }),
  investment: (): PlanInvestment => ({
    id: newId('inversion'),
    name: financeCopy.investment.newName,
    amount: 0,
    month: 0,
    origin: mine(),
  }),
  loan: (): PlanLoan => ({
    id: newId('prestamo'),
    name: financeCopy.loan.newName,
    principal: 0,
    annual_rate_pct: 0,
    term_months: 36,
    month: 0,
    origin: mine(),
  }),
  funding: (name: string): PlanFunding => ({
    id: newId('fondos'),
    name,
    amount: 0,
    month: 0,
    origin: mine(),
  }),
};

export function addItem<K extends ListKey>(
  a: FinancialAssumptions,
  key: K,
  item: ItemOf<K>,
): FinancialAssumptions {
  return { ...a, [key]: [...a[key], item] };
}

export function removeItem(a: FinancialAssumptions, key: ListKey, id: string): FinancialAssumptions {
  return { ...a, [key]: (a[key] as Array<{ id: string }>).filter((item) => item.id !== id) };
}

/** Changes fields of one item; a changed number makes the value the founder's (its note kept). */
export function updateItem<K extends ListKey>(
  a: FinancialAssumptions,
  key: K,
  id: string,
  patch: Partial<ItemOf<K>>,
): FinancialAssumptions {
  const numeric = Object.values(patch).some((value) => typeof value === 'number');
  return {
    ...a,
    [key]: (a[key] as Array<ItemOf<K>>).map((item) =>
      item.id === id
        ? { ...item, ...patch, ...(numeric && !('origin' in patch) ? { origin: adjusted(item.origin) } : {}) }
        : item,
    ),
  };
}

export function updateSetting(a: FinancialAssumptions, key: SettingKey, value: number): FinancialAssumptions {
  return { ...a, [key]: { value, origin: adjusted(a[key].origin) } };
}

export function setSettingNote(a: FinancialAssumptions, key: SettingKey, note: string): FinancialAssumptions {
  return { ...a, [key]: { ...a[key], origin: { ...a[key].origin, note } } };
}

const LIST_OF: Record<Exclude<PlanProposal['kind'], 'setting'>, ListKey> = {
  product: 'products',
  fixed_cost: 'fixed_costs',
  role: 'team',
  investment: 'investments',
};

/** A proposal accepted: its item added (or in place of the one with its id), or its setting's value. */
export function applyProposal(a: FinancialAssumptions, proposal: PlanProposal): FinancialAssumptions {
  if (proposal.kind === 'setting') {
    return { ...a, [proposal.key]: { value: proposal.value, origin: proposal.origin } };
  }
  const key = LIST_OF[proposal.kind];
  const list = a[key] as Array<{ id: string }>;
  const exists = list.some((item) => item.id === proposal.item.id);
  return {
    ...a,
    [key]: exists
      ? list.map((item) => (item.id === proposal.item.id ? proposal.item : item))
      : [...list, proposal.item],
  };
}

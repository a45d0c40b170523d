import type { FinancialAssumptions, Origin } from './finance.ts';

// A change to one assumption that the advisor proposes in a chat answer (ADR 0041): the answer carries it as
// `[[cambio-plan target=value]]`, the chat shows it before and after, and the founder applies it with one
// click. zod-free: the chat's bundle reads it.

export interface PlanChange {
  /**
   * A setting ('marketing_monthly') or an item's field ('{item id}:{field}': a dot would read as a domain,
   * `.price` is one, and the stored answer's address check would remove it).
   */
  target: string;
  value: number;
}

export type ChangeUnit = 'money' | 'percent' | 'number';

const SETTINGS: Record<string, { label: string; unit: ChangeUnit; max?: number }> = {
  marketing_monthly: { label: 'Marketing al mes', unit: 'money' },
  employer_cost_pct: { label: 'Cotizaciones de la empresa', unit: 'percent', max: 100 },
  own_funds: { label: 'Fondos propios', unit: 'money' },
  inventory_months: { label: 'Meses de ventas en stock', unit: 'number', max: 12 },
};

const FIELDS: Record<
  'products' | 'fixed_costs' | 'team',
  Record<string, { label: string; unit: ChangeUnit; max?: number }>
> = {
  products: {
    price: { label: 'precio', unit: 'money' },
    unit_cost: { label: 'coste por unidad', unit: 'money' },
    start_volume: { label: 'volumen del primer mes', unit: 'number' },
    monthly_growth_pct: { label: 'crecimiento mensual', unit: 'percent', max: 100 },
    churn_pct: { label: 'bajas al mes', unit: 'percent', max: 100 },
  },
  fixed_costs: { monthly: { label: 'al mes', unit: 'money' } },
  team: {
    monthly_salary: { label: 'salario bruto mensual', unit: 'money' },
    headcount: { label: 'personas', unit: 'number' },
  },
};

/** The targets the advisor may name, for its prompt: settings and each item's fields with their ids. */
export function planChangeTargets(a: FinancialAssumptions): string[] {
  const items = (key: keyof typeof FIELDS, list: Array<{ id: string; name: string }>) =>
    list.map(
      (item) =>
        `${Object.keys(FIELDS[key])
          .map((field) => `${item.id}:${field}`)
          .join(', ')} (${item.name})`,
    );
  return [
    ...Object.keys(SETTINGS),
    ...items('products', a.products),
    ...items('fixed_costs', a.fixed_costs),
    ...items('team', a.team),
  ];
}

const MARKER = /\[\[cambio-plan\s+([\w:-]{1,100})\s*=\s*(-?\d+(?:[.,]\d+)?)\s*\]\]/g;

/**
 * The answer's text without its change markers, and the changes; a marker still being written at the end of
 * a streaming answer (`[[cambio-pl…`) is left out too.
 */
export function splitPlanChanges(text: string): { text: string; changes: PlanChange[] } {
  const changes: PlanChange[] = [];
  const stripped = text.replace(MARKER, (_marker, target: string, value: string) => {
    changes.push({ target, value: Number(value.replace(',', '.')) });
    return '';
  });
  return { text: stripped.replace(/\[\[[^\]]*$/, '').trimEnd(), changes };
}

interface Located {
  label: string;
  unit: ChangeUnit;
  max?: number;
  before: number;
  apply: (a: FinancialAssumptions, value: number, origin: Origin) => FinancialAssumptions;
}

function locate(a: FinancialAssumptions, target: string): Located | null {
  const setting = SETTINGS[target];
  if (setting && target in a) {
    const key = target as keyof typeof SETTINGS & keyof FinancialAssumptions;
    const current = a[key] as { value: number };
    return {
      ...setting,
      before: current.value,
      apply: (plan, value, origin) => ({ ...plan, [key]: { value, origin } }),
    };
  }
  const colon = target.lastIndexOf(':');
  const id = target.slice(0, colon);
  const field = target.slice(colon + 1);
  for (const list of ['products', 'fixed_costs', 'team'] as const) {
    const spec = FIELDS[list][field];
    const item = (a[list] as Array<{ id: string; name: string } & Record<string, unknown>>).find(
      (x) => x.id === id,
    );
    if (!spec || !item || typeof item[field] !== 'number') continue;
    return {
      label: `${item.name}: ${spec.label}`,
      unit: spec.unit,
      ...(spec.max === undefined ? {} : { max: spec.max }),
      before: item[field] as number,
      apply: (plan, value, origin) => ({
        ...plan,
        [list]: (plan[list] as Array<{ id: string }>).map((x) =>
          x.id === id ? { ...x, [field]: value, origin } : x,
        ),
      }),
    };
  }
  return null;
}

/** What a change does to the plan as it is: its label, and the value before and after; null if it does not apply. */
export function describePlanChange(
  a: FinancialAssumptions,
  change: PlanChange,
): { label: string; unit: ChangeUnit; before: number; after: number } | null {
  const found = locate(a, change.target);
  if (!found || !Number.isFinite(change.value) || change.value < 0) return null;
  if (found.max !== undefined && change.value > found.max) return null;
  if (found.unit === 'number' && field(change.target) !== 'start_volume' && !Number.isInteger(change.value))
    return null;
  return { label: found.label, unit: found.unit, before: found.before, after: change.value };
}

const field = (target: string) => target.slice(target.lastIndexOf(':') + 1);

/** The plan with the change applied, the value now the mentor's (said in its note); null if it does not apply. */
export function applyPlanChange(a: FinancialAssumptions, change: PlanChange): FinancialAssumptions | null {
  const found = locate(a, change.target);
  if (!found || !describePlanChange(a, change)) return null;
  return found.apply(a, change.value, {
    kind: 'mentor',
    note: `Cambio propuesto por el mentor en el chat (antes: ${found.before}).`,
    sources: [],
  });
}

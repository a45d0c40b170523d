import {
  MULTIPLIER_KEYS,
  type MultiplierKey,
  type PlanScenarios,
  SCENARIO_KEYS,
  SCENARIO_MULTIPLIER_MAX,
  type ScenarioKey,
} from '@rumbo/contract';
import { monthLabel, type PlanYear, type Projection } from '@rumbo/contract/finance-engine';
import type { ReactNode } from 'react';
import { NumberField } from '../../../components/number-field.tsx';
import { financeCopy } from '../../../config/copy/finance.es.ts';
import type { PlanFormat } from '../format.ts';

const t = financeCopy;

/** A table that may scroll sideways (375 px): reachable with Tab, so the keyboard can scroll it. */
function ScrollArea({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with Tab to scroll it with the keyboard.
      tabIndex={0}
      className={`mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </section>
  );
}

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5';
const thClass = 'px-2 py-1.5 text-left font-semibold text-slate-700';
const tdClass = 'px-2 py-1.5 text-right tabular-nums text-slate-800';

/** The figures a founder asks first: break-even, how long the cash lasts, burn, what is missing, margin. */
export function KeyFigures({
  projection,
  start,
  format,
}: {
  projection: Projection;
  start: string;
  format: PlanFormat;
}) {
  const { key } = projection;
  const margin = projection.years[0]?.gross_margin_pct ?? null;
  const items: Array<{ id: string; label: string; value: string; hint?: string }> = [
    {
      id: 'equilibrio',
      label: t.key.breakEven,
      value:
        key.break_even_month === null
          ? t.key.noBreakEven
          : t.key.breakEvenAt(key.break_even_month, format.month(monthLabel(start, key.break_even_month))),
    },
    {
      id: 'caja',
      label: t.key.runway,
      value:
        key.runway_months === null || key.cash_out_month === null
          ? t.key.runwayOk
          : t.key.runwayMonths(key.runway_months, format.month(monthLabel(start, key.cash_out_month))),
    },
    { id: 'burn', label: t.key.burn, value: format.money(key.monthly_burn), hint: t.key.burnHint },
    {
      id: 'falta',
      label: t.key.fundingNeed,
      value: key.funding_need > 0 ? format.money(key.funding_need) : t.key.noFundingNeed,
    },
    { id: 'margen', label: t.key.margin, value: margin === null ? '—' : format.percent(margin) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 xl:grid-cols-3" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`${cardClass} min-w-0`} data-testid={`cifra-${item.id}`}>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{item.label}</dt>
          <dd className="mt-1 text-base font-bold break-words text-slate-900 sm:text-lg">{item.value}</dd>
          {item.hint ? <dd className="text-xs text-slate-600">{item.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** Which scenario the chart and tables show: a radio group (arrow keys move between them). */
export function ScenarioSwitch({
  value,
  onChange,
}: {
  value: ScenarioKey;
  onChange: (key: ScenarioKey) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t.scenario}</legend>
      <span aria-hidden="true" className="text-sm font-semibold text-slate-700">
        {t.scenario}
      </span>
      <div className="inline-flex rounded-lg bg-slate-100 p-1">
        {SCENARIO_KEYS.map((key) => (
          <label
            key={key}
            className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 has-checked:bg-white has-checked:text-brand-700 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name="escenario"
              value={key}
              checked={value === key}
              onChange={() => onChange(key)}
              className="sr-only"
            />
            {t.scenarios[key]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const YEAR_ROWS: Array<keyof typeof t.years.rows & keyof PlanYear> = [
  'revenue',
  'cost_of_sales',
  'gross_margin',
  'gross_margin_pct',
  'staff',
  'fixed_costs',
  'marketing',
  'operating_costs',
  'ebitda',
  'loan_payments',
  'investment',
  'stock_change',
  'financing_in',
  'cash_flow',
  'cash_balance',
];

/** The profit-and-loss and cash of each year. */
export function YearTable({ projection, format }: { projection: Projection; format: PlanFormat }) {
  return (
    <section className={cardClass} aria-labelledby="tabla-anual">
      <h2 id="tabla-anual" className="text-lg font-bold text-slate-900">
        {t.years.title}
      </h2>
      <ScrollArea label={t.years.title}>
        <table className="w-full min-w-[28rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className={thClass}>
                {t.years.concept}
              </th>
              {projection.years.map((year) => (
                <th key={year.year} scope="col" className={`${thClass} text-right`}>
                  {t.years.year(year.year)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {YEAR_ROWS.map((row) => (
              <tr key={row} className="border-b border-slate-100 last:border-0">
                <th scope="row" className={`${thClass} font-medium`}>
                  {t.years.rows[row]}
                </th>
                {projection.years.map((year) => {
                  const value = year[row];
                  return (
                    <td key={year.year} className={tdClass} data-testid={`anual-${row}-${year.year}`}>
                      {row === 'gross_margin_pct'
                        ? value === null
                          ? '—'
                          : format.percent(value as number)
                        : format.money(value as number)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}

/** The 36 months, folded: revenue to cash, month by month. */
export function MonthTable({
  projection,
  start,
  format,
}: {
  projection: Projection;
  start: string;
  format: PlanFormat;
}) {
  const columns = [
    'revenue',
    'cost_of_sales',
    'operating_costs',
    'ebitda',
    'loan_payments',
    'cash_flow',
    'cash_balance',
  ] as const;
  return (
    <details className={cardClass}>
      <summary className="cursor-pointer text-lg font-bold text-slate-900">{t.months.show}</summary>
      <ScrollArea label={t.months.title} className="max-h-[28rem] overflow-y-auto">
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">{t.months.title}</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-slate-200">
              <th scope="col" className={thClass}>
                {t.months.month}
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className={`${thClass} text-right`}>
                  {t.years.rows[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {projection.months.map((m) => (
              <tr key={m.month} className="border-b border-slate-100">
                <th scope="row" className={`${thClass} font-medium whitespace-nowrap`}>
                  {m.month === 0
                    ? t.months.start
                    : `${m.month} · ${format.month(monthLabel(start, m.month))}`}
                </th>
                {columns.map((column) => (
                  <td key={column} className={tdClass}>
                    {format.money(m[column])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </details>
  );
}

/** The three scenarios' key figures side by side. */
export function ScenarioComparison({
  projections,
  start,
  format,
}: {
  projections: Record<ScenarioKey, Projection>;
  start: string;
  format: PlanFormat;
}) {
  const rows: Array<{ id: string; label: string; value: (p: Projection) => string }> = [
    {
      id: 'equilibrio',
      label: t.key.breakEven,
      value: (p) =>
        p.key.break_even_month === null
          ? t.key.noBreakEven
          : t.key.breakEvenAt(
              p.key.break_even_month,
              format.month(monthLabel(start, p.key.break_even_month)),
            ),
    },
    {
      id: 'caja',
      label: t.key.runway,
      value: (p) =>
        p.key.runway_months === null || p.key.cash_out_month === null
          ? t.key.runwayOk
          : t.key.runwayMonths(p.key.runway_months, format.month(monthLabel(start, p.key.cash_out_month))),
    },
    {
      id: 'falta',
      label: t.key.fundingNeed,
      value: (p) => (p.key.funding_need > 0 ? format.money(p.key.funding_need) : t.key.noFundingNeed),
    },
    ...[1, 2, 3].flatMap((year) => [
      {
        id: `ingresos-${year}`,
        label: t.compare.revenue(year),
        value: (p: Projection) => format.money(p.years[year - 1]?.revenue ?? 0),
      },
      {
        id: `ebitda-${year}`,
        label: t.compare.ebitda(year),
        value: (p: Projection) => format.money(p.years[year - 1]?.ebitda ?? 0),
      },
    ]),
    {
      id: 'caja-final',
      label: t.compare.cashEnd,
      value: (p) => format.money(p.months.at(-1)?.cash_balance ?? 0),
    },
  ];
  return (
    <section className={cardClass} aria-labelledby="escenarios">
      <h2 id="escenarios" className="text-lg font-bold text-slate-900">
        {t.compare.title}
      </h2>
      <ScrollArea label={t.compare.title}>
        <table className="w-full min-w-[30rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className={thClass}>
                {t.compare.concept}
              </th>
              {SCENARIO_KEYS.map((key) => (
                <th key={key} scope="col" className={`${thClass} text-right`}>
                  {t.scenarios[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 last:border-0">
                <th scope="row" className={`${thClass} font-medium`}>
                  {row.label}
                </th>
                {SCENARIO_KEYS.map((key) => (
                  <td key={key} className={tdClass} data-testid={`escenario-${key}-${row.id}`}>
                    {row.value(projections[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}

/** CAC, LTV and payback of each subscription, when there is one. */
export function UnitEconomicsTable({ projection, format }: { projection: Projection; format: PlanFormat }) {
  if (projection.unit_economics.length === 0) return null;
  const u = t.unit;
  const money = (cents: number | null) => (cents === null ? u.none : format.money(cents));
  const plain = (value: number | null) => (value === null ? u.none : format.number(value));
  return (
    <section className={cardClass} aria-labelledby="economia-unitaria">
      <h2 id="economia-unitaria" className="text-lg font-bold text-slate-900">
        {u.title}
      </h2>
      <ScrollArea label={t.unit.title}>
        <table className="w-full min-w-[36rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              {[u.product, u.price, u.contribution, u.ltv, u.cac, u.ltvToCac, u.payback].map((head) => (
                <th key={head} scope="col" className={thClass}>
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {projection.unit_economics.map((row) => (
              <tr key={row.product_id}>
                <th scope="row" className={`${thClass} font-medium`}>
                  {row.product_name}
                </th>
                <td className={tdClass}>{money(row.price)}</td>
                <td className={tdClass}>{money(row.contribution)}</td>
                <td className={tdClass}>{money(row.ltv)}</td>
                <td className={tdClass}>{money(row.cac)}</td>
                <td className={tdClass}>{plain(row.ltv_to_cac)}</td>
                <td className={tdClass}>{plain(row.payback_months)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}

/** The multipliers of the pessimistic and optimistic scenarios (the base multiplies nothing). */
export function MultipliersEditor({
  scenarios,
  onChange,
}: {
  scenarios: PlanScenarios;
  onChange: (next: PlanScenarios) => void;
}) {
  const m = t.multipliers;
  const set = (scenario: 'pessimistic' | 'optimistic', key: MultiplierKey, value: number | null) => {
    const next = { ...scenarios[scenario] };
    if (value === null || value === 1) delete next[key];
    else next[key] = Math.min(SCENARIO_MULTIPLIER_MAX, Math.max(0, value));
    onChange({ ...scenarios, [scenario]: next });
  };
  return (
    <details className={cardClass}>
      <summary className="cursor-pointer text-lg font-bold text-slate-900">{m.title}</summary>
      <p className="mt-2 text-sm text-slate-600">{m.hint}</p>
      <div className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {(['pessimistic', 'optimistic'] as const).map((scenario) => (
          <fieldset key={scenario} className="space-y-3">
            <legend className="text-sm font-semibold text-slate-800">{t.scenarios[scenario]}</legend>
            {MULTIPLIER_KEYS.map((key) => (
              <NumberField
                key={key}
                label={m.field(t.scenarios[scenario], m.keys[key])}
                value={scenarios[scenario][key] ?? 1}
                step="0.05"
                min={0}
                max={SCENARIO_MULTIPLIER_MAX}
                onValueChange={(value) => set(scenario, key, value)}
              />
            ))}
          </fieldset>
        ))}
      </div>
    </details>
  );
}

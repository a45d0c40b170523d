import { type FinancialAssumptions, SCENARIO_KEYS, type ScenarioKey } from '@rumbo/contract';
import { projectScenarios } from '@rumbo/contract/finance-engine';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { financeCopy } from '../../../config/copy/finance.es.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sharedPlanQueryOptions } from '../api/shares.ts';
import { type PlanFormat, planFormat } from '../format.ts';
import { CashChart } from './cash-chart.tsx';
import {
  KeyFigures,
  ScenarioComparison,
  ScenarioSwitch,
  UnitEconomicsTable,
  YearTable,
} from './plan-results.tsx';

const t = financeCopy;
const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

/** The assumptions as a read-only table, each with where it comes from. */
function AssumptionsTable({
  assumptions,
  format,
}: {
  assumptions: FinancialAssumptions;
  format: PlanFormat;
}) {
  const money = (units: number) => format.money(units * 100);
  const origin = (o: { kind: 'founder' | 'research' | 'mentor'; note: string; sources: number[] }) =>
    [t.origin[o.kind], o.sources.length > 0 ? t.origin.sources(o.sources) : '', o.note]
      .filter(Boolean)
      .join(' · ');
  const rows: Array<[string, string, string]> = [
    ...assumptions.products.map((p): [string, string, string] => [
      p.name,
      `${t.product.kinds[p.kind]} · ${money(p.price)} · ${financeCopy.proposals.unitCost(money(p.unit_cost))} · ${financeCopy.proposals.firstMonth(p.start_volume, p.kind === 'subscription')} · ${financeCopy.proposals.growth(p.monthly_growth_pct)}`,
      origin(p.origin),
    ]),
    ...assumptions.fixed_costs.map((c): [string, string, string] => [
      c.name,
      `${money(c.monthly)} ${financeCopy.proposals.perMonth}`,
      origin(c.origin),
    ]),
    [t.marketing, money(assumptions.marketing_monthly.value), origin(assumptions.marketing_monthly.origin)],
    ...assumptions.team.map((r): [string, string, string] => [
      r.name,
      financeCopy.proposals.people(r.headcount, money(r.monthly_salary), r.start_month),
      origin(r.origin),
    ]),
    ...assumptions.investments.map((i): [string, string, string] => [
      i.name,
      money(i.amount),
      origin(i.origin),
    ]),
    [t.ownFunds, money(assumptions.own_funds.value), origin(assumptions.own_funds.origin)],
    ...[...assumptions.loans, ...assumptions.grants, ...assumptions.equity].map(
      (f): [string, string, string] => [
        f.name,
        money('principal' in f ? f.principal : f.amount),
        origin(f.origin),
      ],
    ),
  ];
  return (
    <section
      aria-labelledby="supuestos"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <h2 id="supuestos" className="text-lg font-bold text-slate-900">
        {t.shared.assumptions}
      </h2>
      <section
        aria-label={t.shared.assumptions}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with Tab to scroll it with the keyboard.
        tabIndex={0}
        className="mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <table className="w-full min-w-[36rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              {[t.shared.assumption, t.shared.value, t.shared.origin].map((head) => (
                <th key={head} scope="col" className="px-2 py-1.5 text-left font-semibold text-slate-700">
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, value, from], index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat; the order is the plan's.
              <tr key={index} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-2 py-1.5 text-left font-medium text-slate-800">
                  {name}
                </th>
                <td className="px-2 py-1.5 text-slate-800">{value}</td>
                <td className="px-2 py-1.5 text-slate-600">{from}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

/** /compartido/{token}: a plan shared read-only (ADR 0042), open to anyone with the link. */
export function SharedPlanScreen({ token }: { token: string }) {
  const query = useQuery(sharedPlanQueryOptions(token));
  const [scenario, setScenario] = useState<ScenarioKey>('base');
  const plan = query.data;
  const format = useMemo(() => (plan ? planFormat(plan.locale, plan.currency) : null), [plan]);
  const projections = useMemo(
    () => (plan ? projectScenarios(plan.assumptions, plan.scenarios) : null),
    [plan],
  );
  if (query.isPending) return <FullScreenSpinner />;
  const gone = query.error instanceof ApiError && query.error.status === 404;
  const doc = (kind: 'plan' | 'one-pager', f: 'pdf' | 'docx') =>
    `/api/shared/plans/${encodeURIComponent(token)}/document?${new URLSearchParams({ kind, format: f })}`;
  return (
    <main className="mx-auto min-h-dvh w-full max-w-5xl px-4 py-6 sm:px-6">
      {!plan || !format || !projections ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t.entry}</h1>
          <div className="mt-4">
            <FormAlert message={gone ? t.shared.gone : t.shared.loadError} />
          </div>
        </>
      ) : (
        <div className="space-y-4">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {t.shared.title(plan.business_name)}
          </h1>
          <p className="text-sm text-slate-600">
            {t.shared.readOnly(dateFormat.format(new Date(plan.expires_at)))}
          </p>
          <div className="flex flex-wrap gap-2">
            {(
              [
                [t.documents.planPdf, doc('plan', 'pdf')],
                [t.documents.planDocx, doc('plan', 'docx')],
                [t.documents.onePagerPdf, doc('one-pager', 'pdf')],
              ] as const
            ).map(([label, href]) => (
              <a
                key={href}
                href={href}
                download
                className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Download className="size-4" aria-hidden="true" />
                {label}
              </a>
            ))}
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-bold text-slate-900">{t.results}</h2>
            <ScenarioSwitch
              value={scenario}
              onChange={(key) => SCENARIO_KEYS.includes(key) && setScenario(key)}
            />
          </div>
          <KeyFigures
            projection={projections[scenario]}
            start={plan.assumptions.start_month}
            format={format}
          />
          <CashChart
            months={projections[scenario].months}
            breakEven={projections[scenario].key.break_even_month}
            format={format}
          />
          <YearTable projection={projections[scenario]} format={format} />
          <UnitEconomicsTable projection={projections[scenario]} format={format} />
          <ScenarioComparison
            projections={projections}
            start={plan.assumptions.start_month}
            format={format}
          />
          <AssumptionsTable assumptions={plan.assumptions} format={format} />
          <p className="text-xs text-slate-600">
            {t.outOfScope} {t.shared.madeWith}
          </p>
        </div>
      )}
    </main>
  );
}

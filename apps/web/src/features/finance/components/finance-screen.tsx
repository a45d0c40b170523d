import {
  type FinancialAssumptions,
  type FinancialPlan,
  financialPlanInputSchema,
  type PlanProposal,
  type PlanScenarios,
  type ScenarioKey,
} from '@rumbo/contract';
import { projectScenarios } from '@rumbo/contract/finance-engine';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FullScreenSpinner } from '../../../components/full-screen-spinner.tsx';
import { financeCopy } from '../../../config/copy/finance.es.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { financeQueryKeys, planQueryOptions, savePlan } from '../api/finance.ts';
import { planFormat } from '../format.ts';
import { applyProposal } from '../plan-edits.ts';
import { AssumptionsForm } from './assumptions-form.tsx';
import { CashChart } from './cash-chart.tsx';
import { DocumentsPanel } from './documents-panel.tsx';
import {
  KeyFigures,
  MonthTable,
  MultipliersEditor,
  ScenarioComparison,
  ScenarioSwitch,
  UnitEconomicsTable,
  YearTable,
} from './plan-results.tsx';
import { ProposalsPanel } from './proposals-panel.tsx';
import { SharePanel } from './share-panel.tsx';

const t = financeCopy;

const buttonClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60';

/** The scenario in the address (`?escenario=pesimista`), so that a reload shows the same one. */
const SCENARIO_PARAM: Record<ScenarioKey, string> = {
  pessimistic: 'pesimista',
  base: 'base',
  optimistic: 'optimista',
};
const scenarioOf = (param: string | null): ScenarioKey =>
  (Object.entries(SCENARIO_PARAM).find(([, value]) => value === param)?.[0] as ScenarioKey) ?? 'base';

type SaveState =
  | { kind: 'idle' | 'pending' | 'saving' | 'saved' | 'error' }
  | { kind: 'invalid'; message: string };

/** Saves the plan 600 ms after the last change; says what it is doing. */
function useAutosave(
  businessId: number,
  input: { assumptions: FinancialAssumptions; scenarios: PlanScenarios; proposals: PlanProposal[] },
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const first = useRef(true);
  const sequence = useRef(0);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const parsed = financialPlanInputSchema.safeParse(input);
    if (!parsed.success) {
      setState({ kind: 'invalid', message: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    setState({ kind: 'pending' });
    const mine = ++sequence.current;
    const timer = setTimeout(async () => {
      setState({ kind: 'saving' });
      try {
        const saved = await savePlan(businessId, parsed.data);
        queryClient.setQueryData(financeQueryKeys.plan(businessId), saved);
        if (mine === sequence.current) setState({ kind: 'saved' });
      } catch {
        if (mine === sequence.current) setState({ kind: 'error' });
      }
    }, 600);
    return () => clearTimeout(timer);
  }, [businessId, input, queryClient]);
  return state;
}

function SaveStatus({ state }: { state: SaveState }) {
  const text = state.kind === 'invalid' ? t.save.invalid(state.message) : t.save[state.kind];
  const tone = state.kind === 'error' || state.kind === 'invalid' ? 'text-red-700' : 'text-slate-600';
  return (
    <p role="status" className={`text-sm ${tone}`} data-testid="estado-guardado">
      {text}
    </p>
  );
}

/** The plan being edited: assumptions on one side, the figures they give on the other, live. */
function PlanEditor({ plan, planId }: { plan: FinancialPlan; planId: number }) {
  const [assumptions, setAssumptions] = useState(plan.assumptions);
  const [scenarios, setScenarios] = useState(plan.scenarios);
  const [proposals, setProposals] = useState(plan.proposals);
  const [params, setParams] = useSearchParams();
  const scenario = scenarioOf(params.get('escenario'));
  const input = useMemo(() => ({ assumptions, scenarios, proposals }), [assumptions, scenarios, proposals]);
  const save = useAutosave(plan.business_id, input);
  const format = useMemo(() => planFormat(plan.locale, plan.currency), [plan.locale, plan.currency]);
  const projections = useMemo(() => projectScenarios(assumptions, scenarios), [assumptions, scenarios]);
  const shown = projections[scenario];
  const chooseScenario = (key: ScenarioKey) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'base') next.delete('escenario');
        else next.set('escenario', SCENARIO_PARAM[key]);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-slate-600">{t.intro}</p>
        <SaveStatus state={save} />
      </div>
      <div className="mt-4 grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
        <DocumentsPanel
          businessId={plan.business_id}
          saving={save.kind === 'pending' || save.kind === 'saving'}
        />
        <ProposalsPanel
          businessId={plan.business_id}
          planId={planId}
          proposals={proposals}
          format={format}
          onProposed={setProposals}
          onAccept={(proposal) => {
            setAssumptions((current) => applyProposal(current, proposal));
            setProposals((current) => current.filter((p) => p.id !== proposal.id));
          }}
          onReject={(proposal) => setProposals((current) => current.filter((p) => p.id !== proposal.id))}
        />
        <SharePanel businessId={plan.business_id} planId={planId} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="order-2 lg:order-1">
          <AssumptionsForm assumptions={assumptions} onChange={setAssumptions} />
        </div>
        <section aria-labelledby="resultados" className="order-1 space-y-4 lg:order-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="resultados" className="text-xl font-bold text-slate-900">
              {t.results}
            </h2>
            <ScenarioSwitch value={scenario} onChange={chooseScenario} />
          </div>
          <KeyFigures projection={shown} start={assumptions.start_month} format={format} />
          <CashChart months={shown.months} breakEven={shown.key.break_even_month} format={format} />
          <YearTable projection={shown} format={format} />
          <UnitEconomicsTable projection={shown} format={format} />
          <ScenarioComparison projections={projections} start={assumptions.start_month} format={format} />
          <MultipliersEditor scenarios={scenarios} onChange={setScenarios} />
          <MonthTable projection={shown} start={assumptions.start_month} format={format} />
          <p className="text-xs text-slate-600">{t.outOfScope}</p>
        </section>
      </div>
    </>
  );
}

/** /finanzas/{businessId}: the financial plan of a business (ADR 0040, product.md §2.13). */
export function FinanceScreen({ businessId, planId }: { businessId: number; planId: number }) {
  const navigate = useNavigate();
  const query = useQuery(planQueryOptions(businessId));
  if (query.isPending) return <FullScreenSpinner />;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.chats));
  return (
    <main className="mx-auto min-h-dvh w-full max-w-7xl px-4 py-6 sm:px-6">
      <button type="button" onClick={back} className={buttonClass}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.back}
      </button>
      <h1 className="mt-4 text-2xl font-bold break-words text-slate-900 sm:text-3xl">
        {query.data ? t.title(query.data.business_name) : t.entry}
      </h1>
      {query.isError ? (
        <div className="mt-4">
          <FormAlert message={notFound ? t.notFound : t.loadError} />
        </div>
      ) : null}
      {query.data ? <PlanEditor key={businessId} plan={query.data} planId={planId} /> : null}
    </main>
  );
}

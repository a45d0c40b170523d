import {
  applyPlanChange,
  type ChangeUnit,
  describePlanChange,
  type FinancialPlan,
  type PlanChange,
} from '@rumbo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { chatCopy } from '../../config/copy/chat.es.ts';
import { paths } from '../../config/paths.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { financialPlanQueryKey } from '../../lib/financial-plan-query.ts';
import { ProposalAction, ProposalCard } from './components/proposal-card.tsx';

const t = chatCopy.planChange;

/**
 * A change to the financial plan that an answer proposes (ADR 0041): the answer carries it as a marker
 * (contract `plan-changes.ts`); the chat shows it before and after and applies it with one click.
 */

const BusinessContext = createContext<number | null>(null);
/** The user's plan, for what the answers' cards offer (the roadmap's tasks, ADR 0055). */
const PlanContext = createContext<number | null>(null);

export function PlanChangesProvider({
  businessId,
  planId,
  children,
}: {
  businessId: number;
  planId: number;
  children: ReactNode;
}) {
  return (
    <BusinessContext.Provider value={businessId}>
      <PlanContext.Provider value={planId}>{children}</PlanContext.Provider>
    </BusinessContext.Provider>
  );
}

/** The business the chat is about (null outside a chat). */
export const useChatBusiness = () => useContext(BusinessContext);
/** The user's plan in a chat (null outside one). */
export const useChatPlan = () => useContext(PlanContext);

const planPath = (businessId: number) => `/api/businesses/${businessId}/financial-plan`;

function formatOf(plan: FinancialPlan) {
  const money = new Intl.NumberFormat(plan.locale, {
    style: 'currency',
    currency: plan.currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  });
  const number = new Intl.NumberFormat(plan.locale, { maximumFractionDigits: 2 });
  return (value: number, unit: ChangeUnit) =>
    unit === 'money'
      ? money.format(value)
      : unit === 'percent'
        ? `${number.format(value)} %`
        : number.format(value);
}

function ChangeRow({
  plan,
  change,
  businessId,
}: {
  plan: FinancialPlan;
  change: PlanChange;
  businessId: number;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'applying' | 'applied' | 'failed'>('idle');
  const described = describePlanChange(plan.assumptions, change);
  if (!described && state !== 'applied') return null;
  const format = formatOf(plan);
  const apply = async () => {
    const assumptions = applyPlanChange(plan.assumptions, change);
    if (!assumptions) return;
    setState('applying');
    try {
      const saved = await apiFetch<FinancialPlan>(planPath(businessId), {
        method: 'PUT',
        body: { assumptions, scenarios: plan.scenarios, proposals: plan.proposals },
      });
      queryClient.setQueryData(financialPlanQueryKey(businessId), saved);
      setState('applied');
    } catch {
      setState('failed');
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {described ? (
        <span className="text-sm text-slate-800">
          {t.change(
            described.label,
            format(described.before, described.unit),
            format(described.after, described.unit),
          )}
        </span>
      ) : null}
      {state === 'applied' ? (
        <span role="status" className="text-sm font-semibold text-emerald-700">
          {t.applied}
        </span>
      ) : (
        <ProposalAction
          onClick={apply}
          disabled={state === 'applying' || described?.before === described?.after}
        >
          {t.apply}
        </ProposalAction>
      )}
      {state === 'failed' ? (
        <span role="alert" className="text-sm text-red-700">
          {t.failed}
        </span>
      ) : null}
    </li>
  );
}

/** The changes of a finished answer that apply to the plan as it is now. */
export function PlanChangesCard({ changes }: { changes: PlanChange[] }) {
  const businessId = useContext(BusinessContext);
  const plan = useQuery({
    queryKey: financialPlanQueryKey(businessId ?? 0),
    queryFn: ({ signal }) => apiFetch<FinancialPlan>(planPath(businessId ?? 0), { signal }),
    enabled: businessId !== null && changes.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (businessId === null || !plan.data) return null;
  const current = plan.data;
  if (!changes.some((change) => describePlanChange(current.assumptions, change))) return null;
  return (
    <ProposalCard
      title={t.title}
      testId="cambio-plan"
      link={{ to: paths.finance(businessId), label: t.open }}
    >
      <ul className="space-y-2">
        {changes.map((change) => (
          <ChangeRow
            key={`${change.target}=${change.value}`}
            plan={current}
            change={change}
            businessId={businessId}
          />
        ))}
      </ul>
    </ProposalCard>
  );
}

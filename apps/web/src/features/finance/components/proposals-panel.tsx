import { hasPlanAdvisor, type PlanProposal } from '@rumbo/contract';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { financeCopy } from '../../../config/copy/finance.es.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { askProposals } from '../api/proposals.ts';
import type { PlanFormat } from '../format.ts';

const t = financeCopy.proposals;

/** A proposal's title and what it proposes, in one line each. */
function describe(proposal: PlanProposal, format: PlanFormat): { title: string; detail: string } {
  const money = (units: number) => format.money(units * 100);
  switch (proposal.kind) {
    case 'product': {
      const p = proposal.item;
      const subscription = p.kind === 'subscription';
      return {
        title: `${t.kinds.product}: ${p.name}`,
        detail: [
          `${financeCopy.product.kinds[p.kind]} · ${money(p.price)}`,
          t.unitCost(money(p.unit_cost)),
          t.firstMonth(p.start_volume, subscription),
          t.growth(p.monthly_growth_pct),
          ...(subscription ? [t.churn(p.churn_pct)] : []),
        ].join(' · '),
      };
    }
    case 'fixed_cost':
      return {
        title: `${t.kinds.fixed_cost}: ${proposal.item.name}`,
        detail: `${money(proposal.item.monthly)} ${t.perMonth}`,
      };
    case 'role':
      return {
        title: `${t.kinds.role}: ${proposal.item.name}`,
        detail: t.people(
          proposal.item.headcount,
          money(proposal.item.monthly_salary),
          proposal.item.start_month,
        ),
      };
    case 'investment':
      return { title: `${t.kinds.investment}: ${proposal.item.name}`, detail: money(proposal.item.amount) };
    case 'setting':
      return {
        title: t.settings[proposal.key],
        detail:
          proposal.key === 'marketing_monthly' || proposal.key === 'own_funds'
            ? money(proposal.value)
            : format.number(proposal.value),
      };
  }
}

const originOf = (proposal: PlanProposal) =>
  proposal.kind === 'setting' ? proposal.origin : proposal.item.origin;

/**
 * 'Supuestos del mentor' (ADR 0041): asks the model for a first set of assumptions and lists them, each
 * labelled 'Estimación del mentor' with its reasoning and the report's sources, to accept or reject one by one.
 */
export function ProposalsPanel({
  businessId,
  planId,
  proposals,
  format,
  onProposed,
  onAccept,
  onReject,
}: {
  businessId: number;
  planId: number;
  proposals: PlanProposal[];
  format: PlanFormat;
  onProposed: (proposals: PlanProposal[]) => void;
  onAccept: (proposal: PlanProposal) => void;
  onReject: (proposal: PlanProposal) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allowed = hasPlanAdvisor(planId);
  const ask = async () => {
    setAsking(true);
    setError(null);
    try {
      onProposed((await askProposals(businessId)).proposals);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : t.failed);
    } finally {
      setAsking(false);
    }
  };
  return (
    <section
      aria-labelledby="supuestos-mentor"
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="supuestos-mentor" className="text-lg font-bold text-slate-900">
            {t.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{allowed ? t.intro : t.upgrade}</p>
        </div>
        {allowed ? (
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Button onClick={ask} loading={asking}>
              <Sparkles className="size-4" aria-hidden="true" />
              {t.ask}
            </Button>
            <span className="text-xs text-slate-600">{t.cost}</span>
          </div>
        ) : (
          <Link
            to={paths.subscription}
            className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t.upgradeLink}
          </Link>
        )}
      </div>
      {asking ? (
        <p role="status" className="text-sm text-slate-700">
          {t.asking}
        </p>
      ) : null}
      {error ? <FormAlert message={error} /> : null}
      {proposals.length > 0 ? (
        <>
          <p className="text-sm font-semibold text-slate-800">{t.pending(proposals.length)}</p>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {proposals.map((proposal) => {
              const { title, detail } = describe(proposal, format);
              const origin = originOf(proposal);
              return (
                <li
                  key={proposal.id}
                  className="flex flex-col gap-2 rounded-xl bg-amber-50/60 p-3 ring-1 ring-amber-200"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
                      {t.label}
                    </span>
                    <h3 className="min-w-0 text-sm font-semibold break-words text-slate-900">{title}</h3>
                  </div>
                  <p className="text-sm text-slate-800">{detail}</p>
                  <p className="text-sm text-slate-700">{origin.note}</p>
                  {origin.sources.length > 0 ? (
                    <p className="flex flex-wrap gap-2 text-xs">
                      {origin.sources.map((n) => (
                        <Link
                          key={n}
                          to={`${paths.report(businessId)}#fuente-${n}`}
                          aria-label={t.source(n)}
                          className="font-semibold text-brand-700 underline underline-offset-2"
                        >
                          [{n}]
                        </Link>
                      ))}
                    </p>
                  ) : null}
                  <div className="mt-auto flex gap-2">
                    <Button onClick={() => onAccept(proposal)} aria-label={t.acceptLabel(title)}>
                      {t.accept}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => onReject(proposal)}
                      aria-label={t.rejectLabel(title)}
                    >
                      {t.reject}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}

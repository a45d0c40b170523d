import { NO_PLAN, planOf } from '@rumbo/contract';
import { ArrowRight, BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { DashboardCard } from '../../../components/dashboard-card.tsx';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';
import { formatEuros } from '../format.ts';

const texts = copy.billing.home.plan;

/** product.md §2.9: the home's subscription card, with the plan's name and a way to the subscription tab. */
export function PlanSummaryCard({ planId }: { planId: number }) {
  const plan = planOf(planId);
  return (
    <DashboardCard title={texts.title} icon={BadgeCheck}>
      <p className="text-3xl font-bold tracking-tight text-slate-900">{plan.name}</p>
      {planId === NO_PLAN ? null : (
        <p className="mt-2 text-sm text-slate-600">
          {plan.price === 0 ? plan.priceLabel : `${formatEuros(plan.price)}${copy.billing.plans.perMonth}`}
          {plan.features[0] ? ` · ${plan.features[0].text}` : null}
        </p>
      )}
      <Link
        to={paths.subscription}
        className="mt-auto inline-flex items-center gap-1 self-start pt-4 text-sm font-semibold text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {texts.manage}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </DashboardCard>
  );
}

import { hasUnlimitedCredits } from '@rumbo/contract';
import { ArrowRight, Coins } from 'lucide-react';
import { Link } from 'react-router';
import { DashboardCard } from '../../components/dashboard-card.tsx';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { CreditsCounter } from './credits-counter.tsx';

const texts = copy.billing.home.credits;

/** product.md §2.9: the home's credits card (available credits, or 'Créditos ilimitados' on plan 12). */
export function CreditsCard({ planId, credits }: { planId: number; credits: number | null }) {
  const unlimited = hasUnlimitedCredits(planId);
  return (
    <DashboardCard title={texts.title} icon={Coins}>
      <p className="text-slate-900">
        <CreditsCounter
          planId={planId}
          credits={credits}
          numberClassName={`font-bold tracking-tight tabular-nums ${unlimited ? 'text-2xl' : 'text-4xl'}`}
          unitClassName="text-base font-medium text-slate-500"
        />
      </p>
      <p className="mt-2 text-sm text-slate-600">{unlimited ? texts.unlimitedHint : texts.hint}</p>
      {unlimited ? null : (
        <Link
          to={paths.subscription}
          className="mt-auto inline-flex items-center gap-1 self-start pt-4 text-sm font-semibold text-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {texts.upgrade}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      )}
    </DashboardCard>
  );
}

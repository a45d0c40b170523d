import type { AdminOverview } from '@rumbo/contract';
import { DashboardCard } from '../../../components/dashboard-card.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { formatNumber, formatShare } from '../format.ts';

const t = adminCopy.funnel;

const STEPS = ['registered', 'onboarded', 'plan_chosen', 'business_created', 'first_answer'] as const;

/** How far the period's sign-ups got, each step as a bar against the sign-ups themselves. */
export function ActivationFunnel({ funnel }: { funnel: AdminOverview['funnel'] }) {
  const registered = funnel.registered;
  return (
    <DashboardCard title={t.title} description={t.description}>
      <ol className="space-y-3">
        {STEPS.map((step) => {
          const value = funnel[step];
          const width = registered > 0 ? Math.min(100, (value / registered) * 100) : 0;
          return (
            <li key={step} data-step={step}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-slate-800">{t.steps[step]}</span>
                <span className="text-slate-600 tabular-nums">
                  <span className="font-semibold text-slate-900">{formatNumber(value)}</span>
                  {' · '}
                  {t.share(formatShare(value, registered))}
                </span>
              </div>
              <div className="mt-1 h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-full rounded-full bg-brand-600" style={{ width: `${width}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
    </DashboardCard>
  );
}

import type { Business } from '@rumbo/contract';
import { Briefcase, ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { DashboardCard, linkButtonClasses } from '../../../components/dashboard-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';
import { ResearchBadge, type ResearchState } from './research-badge.tsx';

const t = copy.home.businesses;

/**
 * The user's businesses with the state of each one's market research, each opening its chat (ADR 0047):
 * what a fresh install shows on the home instead of placeholders.
 */
export function BusinessesCard({
  businesses,
  failed,
  onRetry,
  researchOf,
  className = '',
}: {
  /** undefined while loading. */
  businesses: Business[] | undefined;
  failed: boolean;
  onRetry: () => void;
  researchOf: (businessId: number) => ResearchState;
  className?: string;
}) {
  const all =
    businesses && businesses.length > 0 ? (
      <Link to={paths.chats} className="text-sm font-semibold text-brand-700 hover:underline">
        {t.all}
      </Link>
    ) : undefined;
  return (
    <DashboardCard title={t.title} icon={Briefcase} actions={all} className={className}>
      {failed ? (
        <div className="space-y-3">
          <FormAlert message={t.failed} />
          <Button variant="secondary" onClick={onRetry}>
            {t.retry}
          </Button>
        </div>
      ) : !businesses ? (
        <p role="status" className="text-sm text-slate-600">
          {t.loading}
        </p>
      ) : businesses.length === 0 ? (
        <div className="flex flex-1 flex-col items-start gap-4">
          <p className="text-sm text-slate-600">{t.empty}</p>
          <Link to={paths.newBusiness} className={linkButtonClasses.primary}>
            <Plus className="size-4" aria-hidden="true" />
            {t.create}
          </Link>
        </div>
      ) : (
        <ul className="-mx-2 divide-y divide-slate-100">
          {businesses.map((business) => (
            <li key={business.id}>
              <Link
                to={paths.chat(business.stage, business.id)}
                aria-label={t.open(business.name)}
                className="group flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-slate-900">{business.name}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-2">
                    <span className="text-xs text-slate-500">{t.stage[business.stage]}</span>
                    <ResearchBadge state={researchOf(business.id)} />
                  </span>
                </span>
                <ChevronRight
                  className="size-5 shrink-0 text-slate-400 group-hover:text-brand-600"
                  aria-hidden="true"
                />
              </Link>
              <Link
                to={paths.finance(business.id)}
                aria-label={t.financeLabel(business.name)}
                className="mb-2 ml-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {t.finance}
              </Link>
              <Link
                to={paths.roadmap(business.id)}
                aria-label={t.roadmapLabel(business.name)}
                className="mb-2 ml-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {t.roadmap}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

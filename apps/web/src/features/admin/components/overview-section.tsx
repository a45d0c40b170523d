import type { AdminPeriod } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { copy } from '../../../config/copy.es.ts';
import { overviewQueryOptions } from '../api/admin.ts';
import { errorMessage } from '../errors.ts';
import { ActivationFunnel } from './activation-funnel.tsx';
import { PlansTable, ResearchStatesTable, TopPagesTable, UtmSourcesTable } from './overview-tables.tsx';
import { Loading } from './section-states.tsx';
import { SummaryCards } from './summary-cards.tsx';

const t = adminCopy;

// The chart library is most of the console's code: the figures and tables show while it loads.
const OverviewCharts = lazy(() =>
  import('./overview-charts.tsx').then((module) => ({ default: module.OverviewCharts })),
);

/** Everything the console shows about one period: figures, charts, the funnel and the rankings. */
export function OverviewSection({ period }: { period: AdminPeriod }) {
  const overview = useQuery(overviewQueryOptions(period));
  const headingId = useId();
  const data = overview.data;
  const updating = overview.isPlaceholderData && overview.isFetching;

  return (
    <section aria-labelledby={headingId} aria-busy={updating || overview.isPending} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t.overview.heading}
      </h2>
      {overview.isError ? (
        <div className="space-y-3">
          <FormAlert
            message={`${t.overview.error} ${errorMessage(overview.error, copy.errors.screenFailedHint)}`}
          />
          <Button variant="secondary" onClick={() => void overview.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : !data ? (
        <Loading label={t.loading} />
      ) : (
        <div className={`space-y-4 transition-opacity ${updating ? 'opacity-60' : ''}`}>
          <p role="status" className="sr-only">
            {updating ? t.overview.updating : ''}
          </p>
          <SummaryCards overview={data} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <Suspense fallback={<Loading label={t.loading} />}>
              <OverviewCharts overview={data} />
            </Suspense>
            <ActivationFunnel funnel={data.funnel} />
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <PlansTable overview={data} />
            <ResearchStatesTable overview={data} />
            <TopPagesTable overview={data} />
            <UtmSourcesTable overview={data} />
          </div>
        </div>
      )}
    </section>
  );
}

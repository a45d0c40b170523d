import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { DashboardCard } from '../../../components/dashboard-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { adminQueryKeys, failedResearchesQueryOptions, retryResearch } from '../api/admin.ts';
import { errorMessage } from '../errors.ts';
import { formatDateTime } from '../format.ts';
import { Empty, Loading } from './section-states.tsx';

const t = adminCopy.failed;

/** The research runs that failed, each with a retry that starts a new run for the same business. */
export function FailedResearches() {
  const queryClient = useQueryClient();
  const failed = useQuery(failedResearchesQueryOptions());
  const [notice, setNotice] = useState('');
  const retry = useMutation({
    mutationFn: (researchId: number) => retryResearch(researchId),
    onMutate: () => setNotice(''),
    onSuccess: async ({ research_id }, researchId) => {
      setNotice(t.retried(researchId, research_id));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.failedResearches }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit }),
      ]);
    },
  });

  const runs = failed.data?.researches;
  return (
    <DashboardCard title={t.title}>
      <p role="status" className="mb-3 text-sm font-medium text-emerald-700 empty:hidden">
        {notice}
      </p>
      {retry.isError ? (
        <div className="mb-3">
          <FormAlert message={errorMessage(retry.error, adminCopy.genericError)} />
        </div>
      ) : null}
      {failed.isError ? (
        <div className="space-y-3">
          <FormAlert message={errorMessage(failed.error, t.error)} />
          <Button variant="secondary" onClick={() => void failed.refetch()}>
            {adminCopy.retry}
          </Button>
        </div>
      ) : !runs ? (
        <Loading label={adminCopy.loading} />
      ) : runs.length === 0 ? (
        <Empty text={t.empty} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {runs.map((run) => {
            const failedAt = formatDateTime(run.failed_at);
            return (
              <li
                key={run.id}
                className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-semibold break-words text-slate-900">
                    {t.item(run.id, run.business_name)}
                  </p>
                  <p className="break-words text-slate-600">
                    {t.by(run.user_email)}
                    {failedAt ? ` · ${t.failedAt(failedAt)}` : ''}
                  </p>
                  <p className="mt-1 break-words text-red-700">{run.error ?? t.noReason}</p>
                </div>
                <Button
                  variant="secondary"
                  className="shrink-0 self-start"
                  aria-label={t.retryLabel(run.id)}
                  loading={retry.isPending && retry.variables === run.id}
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(run.id)}
                >
                  {t.retry}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardCard>
  );
}

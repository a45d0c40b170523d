import { isResearchEnabled, RESEARCH_STAGE_LABELS } from '@rumbo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { chatQueryKeys, latestResearchQueryOptions, retryResearch } from '../api/chats.ts';
import { useResearchProgress } from '../hooks/use-research-progress.ts';
import { CapacityNotice, type ResearchState } from './capacity-notice.tsx';

/**
 * The capacity notification (product.md §2.6, §4) following the business's research run: its real stage and
 * progress while it works, done when the report is stored, and a retry when it failed.
 */
export function ResearchNotice({
  start,
  businessId,
  businessName,
  planId,
}: {
  start: number;
  businessId: number;
  businessName: string;
  planId: number;
}) {
  const queryClient = useQueryClient();
  const latest = useQuery({ ...latestResearchQueryOptions(businessId), enabled: isResearchEnabled(planId) });
  const run = latest.data?.research;
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.research(businessId) });
  const live = useResearchProgress(run, () => void refresh());

  let research: ResearchState | null = null;
  if (run && run.status !== 'disabled') {
    const ended = live?.type === 'completed' ? 'completed' : live?.type === 'failed' ? 'failed' : null;
    research = {
      status: ended ?? run.status,
      label: live?.label ?? RESEARCH_STAGE_LABELS[run.stage],
      progress: Math.max(run.progress, live?.progress ?? 0),
      error: run.error ?? (ended === 'failed' ? (live?.label ?? null) : null),
    };
  }
  return (
    <CapacityNotice
      start={start}
      businessName={businessName}
      research={research}
      reportHref={paths.report(businessId)}
      onRetry={() => retryResearch(businessId).then(refresh)}
    />
  );
}

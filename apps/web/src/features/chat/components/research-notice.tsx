import { isResearchEnabled, RESEARCH_STAGE_LABELS } from '@rumbo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import {
  latestResearchQueryKey,
  latestResearchQueryOptions,
  startResearch,
} from '../../../lib/research-query.ts';
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
  /** When product.md §4's window began, or null outside it (then only a run under way is shown). */
  start: number | null;
  businessId: number;
  businessName: string;
  planId: number;
}) {
  const queryClient = useQueryClient();
  const latest = useQuery({ ...latestResearchQueryOptions(businessId), enabled: isResearchEnabled(planId) });
  const run = latest.data?.research;
  const refresh = () => queryClient.invalidateQueries({ queryKey: latestResearchQueryKey(businessId) });
  const live = useResearchProgress(run, () => void refresh());

  // The notice tells only what the server knows (ADR 0049): nothing while it is asked, 'none' with
  // 'Empezar estudio' when no run exists, and a disabled run (asked on Starter) as queued, since this plan
  // includes research and the plan change or the watchdog starts it within seconds.
  if (!isResearchEnabled(planId) || !latest.data) return null;
  const working = run?.status === 'pending' || run?.status === 'running' || run?.status === 'disabled';
  if (start === null && !working) return null;
  let research: ResearchState;
  if (!run) {
    research = { status: 'none', label: null, progress: 0, error: null };
  } else {
    const ended = live?.type === 'completed' ? 'completed' : live?.type === 'failed' ? 'failed' : null;
    research = {
      status: ended ?? (run.status === 'disabled' ? 'pending' : run.status),
      mode: run.mode,
      label: live?.label ?? RESEARCH_STAGE_LABELS[run.stage],
      progress: Math.max(run.progress, live?.progress ?? 0),
      error: run.error ?? (ended === 'failed' ? (live?.label ?? null) : null),
    };
  }
  return (
    <CapacityNotice
      start={start ?? Date.now()}
      businessName={businessName}
      research={research}
      reportHref={paths.report(businessId)}
      onRetry={() => startResearch(businessId).then(refresh)}
      onStart={() => startResearch(businessId).then(refresh)}
    />
  );
}

import type { ResearchReport } from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { latestResearchQueryOptions } from '../../../lib/research-query.ts';

export const reportQueryKey = (researchId: number) => ['researches', researchId] as const;

/** While a run works, the screen asks again every few seconds (its timeline is the chat's to follow). */
const RUNNING_REFETCH_MS = 4_000;

/** The latest study, asked again while it runs (the report's screen and the home). */
export function latestQueryOptions(businessId: number) {
  return queryOptions({
    ...latestResearchQueryOptions(businessId),
    refetchInterval: (query) => {
      const status = query.state.data?.research?.status;
      return status === 'pending' || status === 'running' ? RUNNING_REFETCH_MS : false;
    },
  });
}

export function reportQueryOptions(researchId: number) {
  return queryOptions({
    queryKey: reportQueryKey(researchId),
    queryFn: ({ signal }) => apiFetch<ResearchReport>(`/api/researches/${researchId}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

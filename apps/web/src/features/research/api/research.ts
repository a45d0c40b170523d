import {
  type LatestResearch,
  RESEARCH_MAX_TOKENS,
  type Research,
  type ResearchReport,
} from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const researchQueryKeys = {
  // The chat's status line and notice read the same key: a refreshed study shows there too.
  latest: (businessId: number) => ['businesses', businessId, 'research'] as const,
  report: (researchId: number) => ['researches', researchId] as const,
};

/** While a run works, the screen asks again every few seconds (its timeline is the chat's to follow). */
const RUNNING_REFETCH_MS = 4_000;

export function latestQueryOptions(businessId: number) {
  return queryOptions({
    queryKey: researchQueryKeys.latest(businessId),
    queryFn: ({ signal }) => apiFetch<LatestResearch>(`/api/businesses/${businessId}/research`, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.research?.status;
      return status === 'pending' || status === 'running' ? RUNNING_REFETCH_MS : false;
    },
  });
}

export function reportQueryOptions(researchId: number) {
  return queryOptions({
    queryKey: researchQueryKeys.report(researchId),
    queryFn: ({ signal }) => apiFetch<ResearchReport>(`/api/researches/${researchId}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** 'Actualizar estudio' and 'Reintentar' (product.md §7 `POST /researches`). */
export function startResearch(businessId: number): Promise<Research> {
  return apiFetch<Research>('/api/researches', {
    method: 'POST',
    body: { max_tokens: RESEARCH_MAX_TOKENS, business_id: businessId, sync_generation: false },
  });
}

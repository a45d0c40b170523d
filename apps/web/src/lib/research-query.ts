import { type LatestResearch, RESEARCH_MAX_TOKENS, type Research } from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';
import { PREFETCHED_FRESH_MS } from './query-client.ts';

/**
 * A business's latest study, shared by the report's screen, the home and the chat's notice, status line and
 * citations (features do not import each other): one key, so that a study refreshed anywhere shows
 * everywhere.
 */
export const latestResearchQueryKey = (businessId: number) => ['businesses', businessId, 'research'] as const;

export function latestResearchQueryOptions(businessId: number) {
  return queryOptions({
    queryKey: latestResearchQueryKey(businessId),
    queryFn: ({ signal }) => apiFetch<LatestResearch>(`/api/businesses/${businessId}/research`, { signal }),
    // The chat's route asks for it ahead of the screen.
    staleTime: PREFETCHED_FRESH_MS,
  });
}

/** 'Empezar estudio', 'Actualizar estudio' and 'Reintentar' (product.md §7 `POST /researches`). */
export function startResearch(businessId: number): Promise<Research> {
  return apiFetch<Research>('/api/researches', {
    method: 'POST',
    body: { max_tokens: RESEARCH_MAX_TOKENS, business_id: businessId, sync_generation: false },
  });
}

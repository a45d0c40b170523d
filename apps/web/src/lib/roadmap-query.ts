import type { RoadmapView } from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

/**
 * The roadmap's query, shared by its screen and the chat's 'Añadir a mi hoja de ruta' (features do not
 * import each other), so that tasks added from the chat show on the roadmap's screen (ADR 0055).
 */
export const roadmapQueryKey = (businessId: number) => ['businesses', businessId, 'roadmap'] as const;

export function roadmapQueryOptions(businessId: number) {
  return queryOptions({
    queryKey: roadmapQueryKey(businessId),
    queryFn: ({ signal }) => apiFetch<RoadmapView>(`/api/businesses/${businessId}/roadmap`, { signal }),
  });
}

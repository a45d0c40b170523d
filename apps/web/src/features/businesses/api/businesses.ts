import {
  BUSINESS_STAGE_SEGMENTS,
  type Business,
  type BusinessStage,
  type EstablishedInput,
  type IdeaInput,
  RESEARCH_DELAY_MS,
  RESEARCH_MAX_TOKENS,
} from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** product.md §7: the address of each stage's businesses (/api/businesses/ideas, …/established). */
const base = (stage: BusinessStage) => `/api/businesses/${BUSINESS_STAGE_SEGMENTS[stage]}`;

/** product.md §9: the business list is cached for 1 hour unless a screen forces a refresh. */
export const BUSINESSES_STALE_TIME_MS = 60 * 60 * 1000;

export const businessQueryKeys = {
  list: ['businesses'] as const,
  one: (stage: BusinessStage, id: number) => ['businesses', stage, id] as const,
};

export function businessesQueryOptions() {
  return queryOptions({
    queryKey: businessQueryKeys.list,
    queryFn: ({ signal }) => apiFetch<Business[]>('/api/businesses', { signal }),
    staleTime: BUSINESSES_STALE_TIME_MS,
  });
}

export function businessQueryOptions(stage: BusinessStage, id: number) {
  return queryOptions({
    queryKey: businessQueryKeys.one(stage, id),
    queryFn: ({ signal }) => apiFetch<Business>(`${base(stage)}/${id}`, { signal }),
    // The edit wizard must start from what the server has now.
    staleTime: 0,
  });
}

export type BusinessInput =
  | { stage: 'idea'; data: IdeaInput }
  | { stage: 'established'; data: EstablishedInput };

export function createBusiness(input: BusinessInput): Promise<Business> {
  return apiFetch<Business>(base(input.stage), { method: 'POST', body: input.data });
}

export function updateBusiness(id: number, input: BusinessInput): Promise<Business> {
  return apiFetch<Business>(`${base(input.stage)}/${id}`, { method: 'PATCH', body: input.data });
}

export function deleteBusiness(stage: BusinessStage, id: number): Promise<void> {
  return apiFetch<void>(`${base(stage)}/${id}`, { method: 'DELETE' });
}

export async function uploadLogo(
  stage: BusinessStage,
  id: number,
  file: Blob,
  name: string,
): Promise<string> {
  const form = new FormData();
  form.append('file', file, name);
  const { logo_url } = await apiFetch<{ logo_url: string }>(`${base(stage)}/${id}/logo`, {
    method: 'PUT',
    body: form,
  });
  return logo_url;
}

export function requestResearch(businessId: number): Promise<unknown> {
  return apiFetch('/api/researches', {
    method: 'POST',
    body: { max_tokens: RESEARCH_MAX_TOKENS, business_id: businessId, sync_generation: false },
  });
}

/**
 * product.md §4 'Wizards': research starts 1 s after the business is created. The timer is not tied to a
 * component, because the wizard has already left by then; a failure only means no research yet.
 */
export function scheduleResearch(businessId: number): void {
  setTimeout(() => {
    requestResearch(businessId).catch(() => undefined);
  }, RESEARCH_DELAY_MS);
}

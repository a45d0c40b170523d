import type { PlanShare, ShareDays, SharedPlan } from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const sharesPath = (businessId: number) => `/api/businesses/${businessId}/financial-plan/shares`;

export const shareQueryKeys = {
  list: (businessId: number) => ['businesses', businessId, 'financial-plan', 'shares'] as const,
  shared: (token: string) => ['shared-plans', token] as const,
};

export const sharesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: shareQueryKeys.list(businessId),
    queryFn: ({ signal }) => apiFetch<PlanShare[]>(sharesPath(businessId), { signal }),
  });

export const createShare = (businessId: number, days: ShareDays) =>
  apiFetch<PlanShare>(sharesPath(businessId), { method: 'POST', body: { days } });

export const revokeShare = (businessId: number, shareId: string) =>
  apiFetch<void>(`${sharesPath(businessId)}/${encodeURIComponent(shareId)}`, { method: 'DELETE' });

/**
 * A shared plan, read signed out: a 401 here is an answer, never a reason to sign anyone out. The server
 * counts a visit as the request arrives, so the request is not cancelled when the screen unmounts: a
 * screen mounted again takes its answer instead of asking (and counting) once more.
 */
export const sharedPlanQueryOptions = (token: string) =>
  queryOptions({
    queryKey: shareQueryKeys.shared(token),
    queryFn: () =>
      apiFetch<SharedPlan>(`/api/shared/plans/${encodeURIComponent(token)}`, {
        signOutOnUnauthorized: false,
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

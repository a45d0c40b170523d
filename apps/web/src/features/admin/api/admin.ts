import type {
  AdminAuditEntry,
  AdminFailedResearch,
  AdminFeedback,
  AdminOverview,
  AdminPeriod,
  AdminUsers,
  GrantCreditsInput,
} from '@rumbo/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The operator's console calls (GET/POST /api/admin/…); every one answers 403 to a non-operator. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  overview: (period: AdminPeriod) => ['admin', 'overview', period.from, period.to] as const,
  usersAll: ['admin', 'users'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  failedResearches: ['admin', 'researches', 'failed'] as const,
  audit: ['admin', 'audit'] as const,
  feedback: (page: number) => ['admin', 'feedback', page] as const,
};

export function overviewQueryOptions(period: AdminPeriod) {
  const search = new URLSearchParams({ from: period.from, to: period.to });
  return queryOptions({
    queryKey: adminQueryKeys.overview(period),
    queryFn: ({ signal }) => apiFetch<AdminOverview>(`/api/admin/overview?${search}`, { signal }),
    // A new period keeps the old figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function usersQueryOptions(q: string, page: number) {
  const search = new URLSearchParams({ page: String(page) });
  if (q) search.set('q', q);
  return queryOptions({
    queryKey: adminQueryKeys.users(q, page),
    queryFn: ({ signal }) => apiFetch<AdminUsers>(`/api/admin/users?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function failedResearchesQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.failedResearches,
    queryFn: ({ signal }) =>
      apiFetch<{ researches: AdminFailedResearch[] }>('/api/admin/researches/failed', { signal }),
  });
}

export function auditQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.audit,
    queryFn: ({ signal }) => apiFetch<{ entries: AdminAuditEntry[] }>('/api/admin/audit', { signal }),
  });
}

export function feedbackQueryOptions(page: number) {
  return queryOptions({
    queryKey: adminQueryKeys.feedback(page),
    queryFn: ({ signal }) => apiFetch<AdminFeedback>(`/api/admin/feedback?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Adds credits to a user's balance; answers the new balance (null: unlimited). */
export function grantCredits(userId: number, input: GrantCreditsInput) {
  return apiFetch<{ available_credits: number | null }>(`/api/admin/users/${userId}/credits`, {
    method: 'POST',
    body: input,
  });
}

/** Starts a new run in place of a failed one; answers the new run's id. */
export function retryResearch(researchId: number) {
  return apiFetch<{ research_id: number }>(`/api/admin/researches/${researchId}/retry`, { method: 'POST' });
}

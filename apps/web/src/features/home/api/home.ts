import type { LatestChat, ProductFeedbackInput, ProductFeedbackResult } from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const homeQueryKeys = {
  latestChat: ['chats', 'latest'] as const,
};

/** GET /api/chats/latest: the thread the home offers to continue (`chat: null` when there is none). */
export function latestChatQueryOptions() {
  return queryOptions({
    queryKey: homeQueryKeys.latestChat,
    queryFn: ({ signal }) => apiFetch<LatestChat>('/api/chats/latest', { signal }),
    // Coming back home after a conversation shows it.
    staleTime: 0,
  });
}

/** POST /api/feedback: the in-app feedback form (when FEEDBACK_URL is not configured). */
export function sendFeedback(input: ProductFeedbackInput): Promise<ProductFeedbackResult> {
  return apiFetch<ProductFeedbackResult>('/api/feedback', { method: 'POST', body: input });
}

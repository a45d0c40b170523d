import { CHAT_LIST_PAGE, type Chat } from '@rumbo/contract';
import { type InfiniteData, infiniteQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { PREFETCHED_FRESH_MS } from '../../../lib/query-client.ts';

// A module of its own: the chat's route asks for the list while the screen's code still loads.

export const chatQueryKeys = {
  list: (businessId: number) => ['businesses', businessId, 'chats', 'list'] as const,
};

export const chatsPath = (businessId: number) => `/api/businesses/${businessId}/chats`;

/**
 * product.md §4: the chat screen lists threads by id descending (the API answers newest first), a page at a
 * time: the next page starts below the last thread of a full page.
 */
export function chatsQueryOptions(businessId: number) {
  return infiniteQueryOptions({
    queryKey: chatQueryKeys.list(businessId),
    queryFn: async ({ signal, pageParam }) => {
      const before = pageParam === null ? '' : `&before=${pageParam}`;
      const chats = await apiFetch<Chat[]>(`${chatsPath(businessId)}?limit=${CHAT_LIST_PAGE}${before}`, {
        signal,
      });
      return [...chats].sort((a, b) => b.id - a.id);
    },
    // The chat's route asks for it ahead of the screen.
    staleTime: PREFETCHED_FRESH_MS,
    initialPageParam: null as number | null,
    getNextPageParam: (last: Chat[]) => (last.length < CHAT_LIST_PAGE ? undefined : last.at(-1)?.id),
  });
}

/** Adds a chat just created on top of the first page of the list. */
export function withNewChat<P>(
  list: InfiniteData<Chat[], P> | undefined,
  created: Chat,
): InfiniteData<Chat[], P> | undefined {
  // Not loaded yet: the list, when it loads, has it.
  if (!list) return list;
  const [first = [], ...rest] = list.pages;
  return { ...list, pages: [[created, ...first], ...rest] };
}

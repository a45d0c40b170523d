import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { businessesQueryOptions } from '../features/businesses/api/businesses.ts';
import { chatsQueryOptions } from '../features/chat/api/chat-list.ts';
import { latestResearchQueryOptions } from '../lib/research-query.ts';
import { mayBeSignedIn } from './route-session.ts';

/**
 * The chat's route loader, set on the route itself (not loaded with the screen's code), so that React
 * Router runs it while that code downloads: what the chat shows first is asked for together as the app
 * starts, beside the session and the product user, not after the screen's code has arrived: the business
 * list, the threads, and the study behind the status line and the notice (asked for on any plan: the
 * screen shows it on the plans with research, and its answer is small). Nothing waits on it: the screen
 * shows its own loading and failures, from the cache these answers fill.
 */
export function createChatLoader(queryClient: QueryClient): LoaderFunction {
  return ({ params }) => {
    if (!mayBeSignedIn(queryClient)) return null;
    void queryClient.prefetchQuery(businessesQueryOptions());
    const businessId = Number(params.company);
    if (Number.isSafeInteger(businessId) && businessId > 0) {
      void queryClient.prefetchInfiniteQuery(chatsQueryOptions(businessId));
      void queryClient.prefetchQuery(latestResearchQueryOptions(businessId));
    }
    return null;
  };
}

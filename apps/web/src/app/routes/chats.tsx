import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { businessesQueryOptions } from '../../features/businesses/api/businesses.ts';
import { ChatsDashboard } from '../../features/businesses/components/chats-dashboard.tsx';
import { hasSession } from '../route-session.ts';

/**
 * product.md §2.3 'Resolvers': the business list is loaded before the dashboard opens, from the 1-hour cache;
 * /chats/true (where the wizards land) forces a fresh list.
 */
export function createLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    if (!(await hasSession(queryClient))) return null;
    const options = businessesQueryOptions();
    try {
      if (params.forceCache === 'true') await queryClient.fetchQuery({ ...options, staleTime: 0 });
      else await queryClient.ensureQueryData(options);
    } catch {
      // This is where a failed load sends the user (product.md §2.3): the dashboard shows it, with a retry.
    }
    return null;
  };
}

export function Component() {
  const me = useMe();
  // The edit wizard lands here with the business it saved: the dashboard offers to refresh its study.
  const edited = (useLocation().state as { edited?: number } | null)?.edited;
  // The root opens this screen only once the product user has loaded.
  if (!me.data) return null;
  return <ChatsDashboard planId={me.data.plan_id} edited={edited} />;
}

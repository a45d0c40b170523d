import { hasNotifications, isResearchEnabled } from '@rumbo/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { DemoBanner } from '../../components/demo-banner.tsx';
import { publicConfig } from '../../config/public-config.ts';
import { meQueryOptions, useMe } from '../../features/auth/hooks/use-me.ts';
import { businessesQueryOptions } from '../../features/businesses/api/businesses.ts';
import { chatsQueryOptions } from '../../features/chat/api/chats.ts';
import { ChatScreen } from '../../features/chat/components/chat-screen.tsx';
import { CreditsCounter } from '../../features/credits/credits-counter.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { useNotificationSession } from '../../features/notifications/use-notification-session.ts';
import { latestResearchQueryOptions } from '../../lib/research-query.ts';
import { hasSession } from '../route-session.ts';

/**
 * What the chat shows first is asked for together as soon as the route is chosen (while the root still
 * waits for its start delay and the product user), not each after the part of the screen before it has
 * rendered: the business list, the threads and the study behind the status line. Nothing waits on it: the
 * screen shows its own loading and failures, from the cache these answers fill.
 */
export function createLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    void prefetchChat(queryClient, Number(params.company));
    return null;
  };
}

async function prefetchChat(queryClient: QueryClient, businessId: number) {
  if (!(await hasSession(queryClient))) return;
  void queryClient.prefetchQuery(businessesQueryOptions());
  if (!Number.isSafeInteger(businessId) || businessId <= 0) return;
  void queryClient.prefetchInfiniteQuery(chatsQueryOptions(businessId));
  const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => undefined);
  if (me && isResearchEnabled(me.plan_id))
    void queryClient.prefetchQuery(latestResearchQueryOptions(businessId));
}

/**
 * product.md §2.1: chat/{type}/{company}; the company is matched against the user's business ids. The
 * chat gets what belongs to other features from here: the user's plan and credits, the business list
 * and the credits counter.
 */
export function Component() {
  const { company = '' } = useParams();
  const me = useMe();
  const businesses = useQuery(businessesQueryOptions());
  const notifying = me.data ? hasNotifications(me.data.plan_id) : false;
  useNotificationSession(me.data ? notifying : undefined, me.data?.id);
  // The root opens this screen only once the product user has loaded.
  if (!me.data) return null;
  const screen = (
    <ChatScreen
      company={company}
      account={{ planId: me.data.plan_id, credits: me.data.available_credits }}
      businesses={businesses.data}
      businessesFailed={businesses.isError}
      creditsCounter={CreditsCounter}
      notificationBell={<NotificationBell hasNotifications={notifying} />}
    />
  );
  if (!publicConfig.demo) return screen;
  // Demo mode: the banner sits above the chat, which fills the rest of the screen instead of all of it.
  return (
    <div className="flex h-dvh flex-col">
      <DemoBanner />
      <div className="min-h-0 flex-1 [&>div]:h-full">{screen}</div>
    </div>
  );
}

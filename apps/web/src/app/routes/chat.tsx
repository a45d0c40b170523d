import { hasNotifications } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DemoBanner } from '../../components/demo-banner.tsx';
import { publicConfig } from '../../config/public-config.ts';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { businessesQueryOptions } from '../../features/businesses/api/businesses.ts';
import { ChatScreen } from '../../features/chat/components/chat-screen.tsx';
import { CreditsCounter } from '../../features/credits/credits-counter.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { useNotificationSession } from '../../features/notifications/use-notification-session.ts';

/**
 * product.md §2.1: chat/{type}/{company}; the company is matched against the user's business ids. The
 * chat gets what belongs to other features from here: the user's plan and credits, the business list
 * and the credits counter. Its data is asked for by the route's loader (chat-loader.ts).
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

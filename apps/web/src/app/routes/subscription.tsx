import { NO_PLAN } from '@rumbo/contract';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { SubscriptionScreen } from '../../features/billing/components/subscription-screen.tsx';
import { useRefreshAccount } from '../use-refresh-account.ts';

/** product.md §2.10 'Subscription' (/profile/sub). */
export function Component() {
  const { data: user } = useMe();
  const refreshAccount = useRefreshAccount();
  return <SubscriptionScreen planId={user?.plan_id ?? NO_PLAN} onFreePlanApplied={refreshAccount} />;
}

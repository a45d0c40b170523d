import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCurrentSubscription } from '../api/subscriptions.ts';

export const billingQueryKeys = {
  current: ['subscriptions', 'current'] as const,
  checkout: (sessionId: string) => ['subscriptions', 'checkout', sessionId] as const,
};

export function currentSubscriptionQueryOptions() {
  return queryOptions({
    queryKey: billingQueryKeys.current,
    queryFn: ({ signal }) => getCurrentSubscription(signal),
    // The portal and the checkout come back with a full page load, which starts a fresh cache.
    staleTime: 60_000,
  });
}

/** The current plan with its renewal date (subscription tab). */
export function useCurrentSubscription() {
  return useQuery(currentSubscriptionQueryOptions());
}

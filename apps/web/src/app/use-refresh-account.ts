import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authQueryKeys } from '../features/auth/session.ts';
import { billingQueryKeys } from '../features/billing/hooks/use-current-subscription.ts';

/**
 * Forgets the plan and credits the app has cached (product user, profile, subscription) after a plan
 * change, and waits for the ones on screen to load again: the guards read the plan from the user, so
 * it must be fresh before the next navigation.
 */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [authQueryKeys.me, authQueryKeys.profile, billingQueryKeys.current].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [queryClient]);
}

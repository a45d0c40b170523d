import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { billingQueryKeys } from '../features/billing/hooks/use-current-subscription.ts';
import { accountQueryKeys } from '../lib/query-keys.ts';

/**
 * Forgets the plan and credits the app has cached (product user, profile, subscription) after a plan
 * change, and waits for the ones on screen to load again: the guards read the plan from the user, so
 * it must be fresh before the next navigation.
 */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [accountQueryKeys.me, accountQueryKeys.profile, billingQueryKeys.current].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [queryClient]);
}

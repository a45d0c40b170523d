import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import type { AuthUser } from '../api/auth-client.ts';
import { afterSignInPath, type SessionState, toIdentity } from '../session.ts';
import { meQueryOptions } from './use-me.ts';

/**
 * What follows a successful sign-in or registration (product.md §2.2, §4): load the product user, go where
 * the user belongs, and only then publish the session.
 *
 * Publishing last means the root never shows the old address to a signed-in user, and its plan guard
 * never competes with this navigation (a new user registering on '/' must land on /onboard, not be
 * sent to /plans from '/'). React Router commits a navigation in a transition, which the session
 * update would overtake, so the session waits until this component has rendered the new location.
 * Rejects when the product user cannot be loaded; the caller signs out and shows its error.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Every navigation, to the same path included, commits a location with a new key.
  const { key: locationKey } = useLocation();
  const onArrival = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!locationKey) return;
    onArrival.current?.();
    onArrival.current = null;
  }, [locationKey]);
  // Never leave a sign-in waiting for a component that is gone.
  useEffect(
    () => () => {
      onArrival.current?.();
    },
    [],
  );

  return useCallback(
    async (user: Pick<AuthUser, 'id' | 'name' | 'email'>, { isNewUser }: { isNewUser: boolean }) => {
      const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      const arrived = new Promise<void>((resolve) => {
        onArrival.current = resolve;
      });
      await navigate(afterSignInPath({ isNewUser, planId: me.plan_id }), { replace: true });
      await arrived;
      const session: SessionState = { identity: toIdentity(user), isNewUser };
      queryClient.setQueryData<SessionState | null>(accountQueryKeys.session, session);
    },
    [queryClient, navigate],
  );
}

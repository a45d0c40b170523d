import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { setUnauthorizedHandler } from '../../../lib/api-client.ts';
import { clearSessionState } from '../session.ts';

/**
 * Better Auth's client, loaded when a session ends: the root mounts these hooks on every screen, and the
 * client stays off the first visit's path (session.ts).
 */
async function signOutOnServer() {
  const client = await import('../api/auth-client.ts');
  return client.signOutOnServer();
}

/**
 * Signs out (product.md §4): ends the server session, forgets every cached answer and goes to the root,
 * which shows the login. The local state is cleared before navigating so that no guard can bounce
 * the still-signed-in user elsewhere on the way.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await signOutOnServer();
    } catch {
      // Offline or server error: the user still leaves; the cookie expires on its own.
    }
    clearSessionState(queryClient);
    setPending(false);
    await navigate(paths.home, { replace: true });
  }, [queryClient, navigate]);
  return { signOut, isPending };
}

/**
 * Signs the user out on the spot, keeping the address (the login is shown in place). Used when the
 * server no longer accepts the session: a 401 from the API, or the product user failing to load.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSessionState(queryClient);
    // The server session is most likely gone already; this also drops a cookie it still knows.
    void signOutOnServer().catch(() => undefined);
  }, [queryClient]);
}

/** product.md §4 and §8: a 401 on any product call signs the user out. Mount once, at the app root. */
export function useSignOutOnUnauthorized() {
  const endSession = useEndSession();
  useEffect(() => setUnauthorizedHandler(endSession), [endSession]);
}

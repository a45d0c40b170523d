import type { QueryClient } from '@tanstack/react-query';
import { fetchSession } from '../features/auth/session.ts';
import { accountQueryKeys } from '../lib/query-keys.ts';

/**
 * Whether someone is signed in, for route loaders: they run before the root has decided between the
 * screen and the login, and must not call the product API for a visitor (the root shows the login).
 * Reads the same cached session as the root.
 */
export async function hasSession(queryClient: QueryClient): Promise<boolean> {
  try {
    const session = await queryClient.ensureQueryData({
      queryKey: accountQueryKeys.session,
      queryFn: fetchSession,
      staleTime: Number.POSITIVE_INFINITY,
    });
    return session !== null;
  } catch {
    // The root shows the failure itself.
    return false;
  }
}

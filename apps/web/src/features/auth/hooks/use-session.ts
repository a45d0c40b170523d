import { useQuery } from '@tanstack/react-query';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import { fetchSession } from '../session.ts';

/**
 * The Better Auth session (null when signed out). It is read once at start and then changed only by
 * this feature (sign-in, sign-up, sign-out, a 401), so it never goes stale by itself.
 */
export function useSession() {
  return useQuery({
    queryKey: accountQueryKeys.session,
    queryFn: fetchSession,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

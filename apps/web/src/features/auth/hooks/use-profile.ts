import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import { getProfile } from '../api/users.ts';

/** product.md §7 and §9: the profile is cached for 360000 ms. */
export const PROFILE_STALE_TIME_MS = 360_000;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKeys.profile,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: PROFILE_STALE_TIME_MS,
  });
}

/** E-mail, full name and credits of the signed-in user (GET /api/auth/profile). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}

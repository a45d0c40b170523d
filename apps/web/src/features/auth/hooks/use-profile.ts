import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile } from '../api/users.ts';
import { authQueryKeys } from '../session.ts';

/** product.md §7 and §9: the profile is cached for 360000 ms. */
export const PROFILE_STALE_TIME_MS = 360_000;

export function profileQueryOptions() {
  return queryOptions({
    queryKey: authQueryKeys.profile,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: PROFILE_STALE_TIME_MS,
  });
}

/** E-mail, full name and credits of the signed-in user (GET /api/auth/profile). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}

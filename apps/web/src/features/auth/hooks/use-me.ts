import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import { getMe } from '../api/users.ts';

/** product.md §7: GET /users/me is cached with no expiry check; sign-out and a 401 clear it. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The product user of the signed-in session (product.md §3). Pass `enabled: false` while signed out. */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}

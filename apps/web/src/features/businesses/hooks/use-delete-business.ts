import type { Business } from '@rumbo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessQueryKeys, deleteBusiness } from '../api/businesses.ts';

/** product.md §4: a deleted business leaves the list only once the server has confirmed it. */
export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (business: Business) => deleteBusiness(business.stage, business.id),
    onSuccess: (_result, business) => {
      queryClient.setQueryData<Business[]>(businessQueryKeys.list, (list) =>
        list?.filter((b) => b.id !== business.id),
      );
      queryClient.removeQueries({ queryKey: businessQueryKeys.one(business.stage, business.id) });
    },
  });
}

import type { FinancialPlan, FinancialPlanInput } from '@rumbo/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { financialPlanQueryKey } from '../../../lib/financial-plan-query.ts';

export const financeQueryKeys = {
  plan: financialPlanQueryKey,
};

export function planQueryOptions(businessId: number) {
  return queryOptions({
    queryKey: financeQueryKeys.plan(businessId),
    queryFn: ({ signal }) =>
      apiFetch<FinancialPlan>(`/api/businesses/${businessId}/financial-plan`, { signal }),
    // The screen is the plan's only writer: what it saved is what the server has.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function savePlan(businessId: number, input: FinancialPlanInput): Promise<FinancialPlan> {
  return apiFetch<FinancialPlan>(`/api/businesses/${businessId}/financial-plan`, {
    method: 'PUT',
    body: input,
  });
}

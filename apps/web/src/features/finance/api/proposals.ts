import type { FinancialPlan } from '@rumbo/contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** 'Proponer supuestos' (ADR 0041): the plan with the mentor's new proposals. */
export function askProposals(businessId: number): Promise<FinancialPlan> {
  return apiFetch<FinancialPlan>(`/api/businesses/${businessId}/financial-plan/proposals`, {
    method: 'POST',
  });
}

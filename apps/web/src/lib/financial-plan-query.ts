/**
 * The financial plan's query key, shared by the plan's screen and the chat's 'Aplicar al plan' (features do
 * not import each other), so that a change applied from the chat shows on the plan's screen.
 */
export const financialPlanQueryKey = (businessId: number) =>
  ['businesses', businessId, 'financial-plan'] as const;

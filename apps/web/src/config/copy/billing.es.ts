/** Spanish texts of plans, payments, credits, home and profile (part of copy.es.ts). */
export const billingCopy = {} as const;

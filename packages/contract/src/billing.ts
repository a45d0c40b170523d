import { CHECKOUT_STATUSES, isChoosablePlan } from './billing-rules.ts';
import { userText } from './text.ts';
import { z } from './zod.ts';

/** Wire shapes of the subscription calls (product.md §7 `/subscriptions…`, ADR 0007). */

export const createSubscriptionBodySchema = z.object({
  plan_id: z
    .number()
    .int()
    .refine(isChoosablePlan, { message: 'Plan no válido' })
    .describe('9 (Starter, gratis: se aplica al momento) o un plan de pago (5, 7, 11, 12)'),
  /** Accepted for old clients and ignored: return addresses are built from the server's PUBLIC_URL. */
  success_url: userText().max(2048).optional(),
  cancel_url: userText().max(2048).optional(),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBodySchema>;

export const createSubscriptionResponseSchema = z.object({
  /** The payment page to send the browser to; null when no payment is needed (plan 9, already applied). */
  url: z.string().nullable(),
  plan_id: z.number().int(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const portalBodySchema = z.object({
  /** Accepted and ignored: the portal always returns to /profile/sub. */
  return_url: userText().max(2048).optional(),
});

export const portalResponseSchema = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof portalResponseSchema>;

export const checkoutStatusSchema = z.object({ status: z.enum(CHECKOUT_STATUSES) });
export type CheckoutStatusResponse = z.infer<typeof checkoutStatusSchema>;

/**
 * The subscription tab's 'Tu plan actual'. `status` is the provider's subscription status
 * ('active', 'trialing', 'past_due', 'canceled', …), 'free' for Starter or 'none' without a plan.
 * `current_period_end` (ISO 8601) is the renewal date: for Starter, when the monthly credits renew.
 */
export const currentSubscriptionSchema = z.object({
  plan_id: z.number().int(),
  provider: z.enum(['stripe', 'local']).nullable(),
  status: z.string(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

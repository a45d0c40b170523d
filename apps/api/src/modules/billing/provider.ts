import type { CheckoutStatus, PlanId } from '@rumbo/contract';
import type { billingSessions } from '../../db/schema/index.ts';
import type { ProviderName } from './fulfilment.ts';

export type BillingSessionRow = typeof billingSessions.$inferSelect;

export interface CheckoutRequest {
  userId: number;
  email: string;
  fullName: string;
  planId: PlanId;
  /** Where the browser comes back to: the request's public origin (http/public-origin.ts). */
  origin: string;
}

/**
 * A payment provider: Stripe, or the local test checkout that stands in for it without keys. The
 * routes only speak to this; what happens once a payment is confirmed is shared (fulfilment.ts).
 */
export interface BillingProvider {
  readonly name: ProviderName;
  /** Starts the payment of a paid plan and returns the page to send the browser to. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** The page where a subscriber changes plan or cancels; 409 without a live paid subscription. */
  createPortal(userId: number, origin: string): Promise<{ url: string }>;
  /**
   * Re-reads a checkout the user started and, if it is paid, fulfils it (idempotently: the webhook
   * may have done it already, or may never arrive).
   */
  checkoutStatus(session: BillingSessionRow): Promise<CheckoutStatus>;
}

/**
 * Success and cancel addresses of every checkout: built from the request's public origin (PUBLIC_URL,
 * or the checked address in use without it), never taken from a client's body.
 */
export function returnUrls(publicUrl: string) {
  return {
    success: (sessionId: string) => `${publicUrl}/stripe_success?session_id=${encodeURIComponent(sessionId)}`,
    stripeSuccessTemplate: `${publicUrl}/stripe_success?session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${publicUrl}/stripe_cancel`,
    profile: `${publicUrl}/profile/sub`,
  };
}

import type {
  CheckoutStatusResponse,
  CreateSubscriptionResponse,
  CurrentSubscription,
  PortalResponse,
} from '@rumbo/contract';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /api/subscriptions (ADR 0007): plan 9 is applied at once (`url: null`); a paid plan answers the
 * payment page to go to. The server builds the return addresses from its PUBLIC_URL.
 */
export function createSubscription(planId: number): Promise<CreateSubscriptionResponse> {
  return apiFetch<CreateSubscriptionResponse>('/api/subscriptions', {
    method: 'POST',
    body: { plan_id: planId },
  });
}

/** POST /api/subscriptions/handle: the customer portal of a live paid subscription. */
export function createPortalSession(): Promise<PortalResponse> {
  return apiFetch<PortalResponse>('/api/subscriptions/handle', { method: 'POST', body: {} });
}

/** GET /api/subscriptions/current: the plan with its real renewal date. */
export function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  return apiFetch<CurrentSubscription>('/api/subscriptions/current', { signal });
}

/**
 * GET /api/subscriptions/{session}: the result of a checkout ('paid' is success). It runs on an open
 * screen, so a 401 is a failed lookup to show, not a reason to sign anyone out.
 */
export function getCheckoutStatus(sessionId: string, signal?: AbortSignal): Promise<CheckoutStatusResponse> {
  return apiFetch<CheckoutStatusResponse>(`/api/subscriptions/${encodeURIComponent(sessionId)}`, {
    signal,
    signOutOnUnauthorized: false,
  });
}

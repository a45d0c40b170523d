import { BILLING_ERROR_CODES } from '@rumbo/contract';
import { copy } from '../../config/copy.es.ts';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client.ts';

const texts = copy.billing.plans.errors;

/** What went wrong with a plan choice or the portal, in words the user can act on. */
export function billingErrorMessage(error: unknown, attempt: 'checkout' | 'free' | 'portal'): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return texts.network;
    if (error.code === BILLING_ERROR_CODES.paymentsUnavailable) return texts.paymentsUnavailable;
    if (error.code === BILLING_ERROR_CODES.subscriptionActive) return texts.subscriptionActive;
    if (error.code === BILLING_ERROR_CODES.noSubscription) return texts.noSubscription;
  }
  return texts[attempt];
}

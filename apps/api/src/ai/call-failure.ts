import { APICallError } from '@ai-sdk/provider';

/**
 * How a failed generation's `error` starts when trying again cannot help (the model refused the request:
 * a 4xx other than 408/409/429, or a provider account out of quota). A client's retry of such a send
 * gets the failure at once instead of a new attempt (`replaySend`).
 */
export const LASTING_FAILURE = 'lasting:';

/**
 * Why a model call failed, as stored in `generations.error`. It lives with the model clients because only
 * they know the provider's error type.
 */
export function failureReason(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const quota = /insufficient_quota|billing|credit balance/i.test(error.responseBody ?? '');
    const lasting = !error.isRetryable || quota;
    return `${lasting ? LASTING_FAILURE : ''} the model answered HTTP ${error.statusCode ?? '—'}: ${error.message}`.trim();
  }
  return `the model call failed: ${error instanceof Error ? error.message : String(error)}`;
}

export const isLastingFailure = (reason: string | null | undefined) =>
  reason?.startsWith(LASTING_FAILURE) === true;

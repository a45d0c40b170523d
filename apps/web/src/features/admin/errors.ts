import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client.ts';

/**
 * The server's own Spanish message of a failed call, or `fallback` when there is none to show (no answer
 * at all, or an answer that was not the API's `{ code, message }`).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    error.status !== NETWORK_ERROR_STATUS &&
    !error.code.startsWith('HTTP_') &&
    error.message
  ) {
    return error.message;
  }
  return fallback;
}

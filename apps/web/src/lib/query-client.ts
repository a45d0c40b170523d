import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** A 4xx answer will not change on a second try (and a 401 has already signed the user out). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * How long an answer a route asked for ahead of its screen (a route loader) counts as fresh: the screen that
 * opens a moment later shows it without asking the server again. Changes made here update the cache
 * directly; what changes elsewhere (a study finishing) is polled by the screens that show it.
 */
export const PREFETCHED_FRESH_MS = 10_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}

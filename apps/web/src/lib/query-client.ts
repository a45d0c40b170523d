import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** A 4xx answer will not change on a second try (and a 401 has already signed the user out). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}

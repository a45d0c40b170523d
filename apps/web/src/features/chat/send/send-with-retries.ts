import { StreamError } from '../api/chats.ts';

/**
 * The retry policy of an answer's stream (ADR 0013, product.md §4 and §9: up to 15 attempts). Only what may
 * change by itself is tried again: a dropped connection (the server cuts a failed answer's stream, and
 * the retry, with the same client id, asks the server for a new attempt) and a 5xx or 408. What will
 * not change stops at once: a request the server refused (4xx: a file it will not take, a limit), and
 * an answer the server itself gave up on (`X-Answer-Kind: error`: the model refused the request, or
 * the attempts ran out). Credits exhausted and a model not configured are answers, not failures.
 */

/** Pause before the n-th retry: short at first, never more than 3 s. */
export const retryDelayMs = (attempt: number) => Math.min(500 * attempt, 3000);

/** Thrown by an attempt when the server answered that the answer failed for good. */
export class LastingFailure extends Error {
  constructor() {
    super('the answer failed for good');
    this.name = 'LastingFailure';
  }
}

export const isAbort = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

export type FailureKind = 'abort' | 'refused' | 'lasting' | 'retry';

/** What a failed attempt means for the next one. */
export function classifyFailure(error: unknown): FailureKind {
  if (isAbort(error)) return 'abort';
  if (error instanceof LastingFailure) return 'lasting';
  if (error instanceof StreamError) {
    if (error.isRefusal) return 'refused';
    // No status: the body was missing. 408 and 5xx: the server or a proxy may answer next time.
    if (error.status === null || error.status === 408 || error.status >= 500) return 'retry';
    return 'lasting';
  }
  // A fetch that could not connect, or a body cut mid-way, rejects with a TypeError.
  if (error instanceof TypeError) return 'retry';
  return 'lasting';
}

export type RetryOutcome =
  | { kind: 'done' }
  | { kind: 'aborted' }
  | { kind: 'refused'; error: StreamError }
  | { kind: 'failed'; attempts: number };

export interface RetryOptions {
  maxAttempts: number;
  signal: AbortSignal;
  /** Called as soon as a retry is decided (attempt ≥ 2), before its pause, to show progress. */
  onRetry?: (attempt: number, max: number) => void;
  delayMs?: (attempt: number) => number;
  /** Waits (tests pass a fake clock). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Runs `attempt` until it succeeds, following the policy above. */
export async function sendWithRetries(
  attempt: (n: number) => Promise<void>,
  options: RetryOptions,
): Promise<RetryOutcome> {
  const delay = options.delayMs ?? retryDelayMs;
  const wait = options.wait ?? abortableWait;
  for (let n = 1; n <= options.maxAttempts; n++) {
    try {
      await attempt(n);
      return { kind: 'done' };
    } catch (error) {
      if (options.signal.aborted) return { kind: 'aborted' };
      const kind = classifyFailure(error);
      if (kind === 'abort') return { kind: 'aborted' };
      if (kind === 'refused') return { kind: 'refused', error: error as StreamError };
      if (kind === 'lasting') return { kind: 'failed', attempts: n };
      if (n < options.maxAttempts) {
        // Shown during the pause too: the user sees at once that the answer is being tried again.
        options.onRetry?.(n + 1, options.maxAttempts);
        await wait(delay(n), options.signal);
      }
      if (options.signal.aborted) return { kind: 'aborted' };
    }
  }
  return { kind: 'failed', attempts: options.maxAttempts };
}

/** The reason a deadline aborts with, told apart from the caller's own abort. */
export class DeadlinePassed extends Error {
  override name = 'TimeoutError';
}

export interface Deadline {
  signal: AbortSignal;
  /** Whether it was the time, not the caller, that aborted. */
  passed(): boolean;
  /** Stops the timer and lets go of the caller's signal; call it when the work ends. */
  clear(): void;
}

/**
 * `signal`, or `ms` from now, whichever comes first. Not `AbortSignal.any([signal,
 * AbortSignal.timeout(ms)])`: on Node 20 the composite holds the timeout signal weakly, so after a
 * garbage collection it never fires and a stalled page waits forever. Here the timer owns the controller.
 */
export function deadline(signal: AbortSignal, ms: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlinePassed('Tiempo agotado.')), ms);
  const onAbort = () => controller.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    passed: () => controller.signal.reason instanceof DeadlinePassed,
    clear() {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    },
  };
}

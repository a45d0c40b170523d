/** After its first bytes, a response gets new text at most this often (fewer, larger writes under load). */
export const WRITE_INTERVAL_MS = 100;

/**
 * The responses of this process with text waiting to be written: one timer writes them all every
 * WRITE_INTERVAL_MS (ADR 0010), instead of a timer or a write per response and token.
 */
export interface WriteTick {
  /** The writes to run at the next tick (a response adds its own once, and removes it when it ends). */
  readonly pending: Set<() => void>;
  stop(): void;
}

export function startWriteTick(): WriteTick {
  const pending = new Set<() => void>();
  const timer = setInterval(() => {
    if (pending.size === 0) return;
    const writes = [...pending];
    pending.clear();
    for (const write of writes) write();
  }, WRITE_INTERVAL_MS);
  timer.unref();
  return { pending, stop: () => clearInterval(timer) };
}

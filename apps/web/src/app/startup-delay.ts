import { startTransition, useEffect, useState } from 'react';

/** product.md §2.2 and §9: the root shows its content 1 s after the app starts. */
export const STARTUP_DELAY_MS = 1000;

/**
 * True once `delayMs` have passed since the page started loading. Counting from the page's start
 * (not from this component's mount) means the delay is paid once, at start, and never on a later
 * navigation or remount.
 */
export function useStartupDelay(delayMs = STARTUP_DELAY_MS): boolean {
  const [done, setDone] = useState(() => performance.now() >= delayMs);
  useEffect(() => {
    if (done) return;
    // The render this lets through is the first screen's whole content (the chat: about 70 ms of work on a
    // desktop, four times that on a phone). As a transition React does it in slices, between which the page
    // still answers input, instead of in one long task (docs/benchmarks.md, 4 December 2026).
    const timer = setTimeout(
      () => startTransition(() => setDone(true)),
      Math.max(0, delayMs - performance.now()),
    );
    return () => clearTimeout(timer);
  }, [done, delayMs]);
  return done;
}

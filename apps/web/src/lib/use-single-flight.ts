import { useCallback, useRef, useState } from 'react';

/**
 * Runs one async task at a time: a call made while another is running is ignored (product.md §5: any
 * submission is ignored while a request is loading). `busy` names the running task, so that only its
 * button shows progress while every button is disabled.
 */
export function useSingleFlight<Task extends string = 'submit'>() {
  const running = useRef(false);
  const [busy, setBusy] = useState<Task | null>(null);
  const run = useCallback(async (task: Task, work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(task);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);
  return { busy, run };
}

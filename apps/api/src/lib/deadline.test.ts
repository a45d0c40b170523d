import { setTimeout as pause } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deadline } from './deadline.ts';

// A garbage collection on demand: the deadline must fire even after one (Node 20's
// AbortSignal.any(…, AbortSignal.timeout(…)) does not, and a stalled page then waits forever).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

describe('a deadline', () => {
  it('fires when its time passes, even after a garbage collection', async () => {
    const time = deadline(new AbortController().signal, 100);
    while (!time.signal.aborted) {
      collectGarbage();
      await pause(10);
    }
    expect(time.passed()).toBe(true);
  });

  it('follows the caller’s abort, with the caller’s reason, and is not the time passing', () => {
    const controller = new AbortController();
    const time = deadline(controller.signal, 60_000);
    controller.abort(new Error('parada'));
    expect(time.signal.aborted).toBe(true);
    expect(time.signal.reason).toEqual(new Error('parada'));
    expect(time.passed()).toBe(false);
    time.clear();
  });
});

import { describe, expect, it } from 'vitest';
import { TITLE_REFRESH_DELAYS_MS, untilNextTitleRead } from './use-thread-list.ts';

describe("reading the thread list again for a new thread's title", () => {
  it('waits for each read of the schedule in turn, counted from the end of the first answer', () => {
    expect(TITLE_REFRESH_DELAYS_MS).toEqual([0, 1500, 5000, 15_000]);
    // The read at once is the invalidation itself; the interval takes over from there.
    expect(untilNextTitleRead(10_000, 10_000)).toBe(1500);
    expect(untilNextTitleRead(10_000, 11_500)).toBe(3500);
    expect(untilNextTitleRead(10_000, 14_000)).toBe(1000);
    expect(untilNextTitleRead(10_000, 20_000)).toBe(5000);
  });

  it('stops once the last read is past', () => {
    expect(untilNextTitleRead(10_000, 25_000)).toBe(false);
    expect(untilNextTitleRead(10_000, 60_000)).toBe(false);
  });
});

import { useInfiniteQuery } from '@tanstack/react-query';
import { chatsQueryOptions } from '../api/chat-list.ts';
import { FINISH_DELAY_MS } from '../send/stream-answer.ts';

/**
 * When the thread list is read after a new thread's first answer, counted from its end: the model
 * names the thread in a call of its own, which may take a moment (the first read is at once).
 */
export const TITLE_REFRESH_DELAYS_MS = [0, FINISH_DELAY_MS, 5000, 15_000];

/** How long from `now` until the next of those reads, or false once the last is past. */
export function untilNextTitleRead(answeredAt: number, now: number): number | false {
  const next = TITLE_REFRESH_DELAYS_MS.find((delay) => answeredAt + delay > now);
  return next === undefined ? false : answeredAt + next - now;
}

/**
 * The business's threads, newest first, a page at a time (product.md §4). After a new thread's first
 * answer (`answeredAt`), the list is read again on the schedule above, for the title the model gives it.
 */
export function useThreadList(businessId: number, answeredAt: number | null) {
  return useInfiniteQuery({
    ...chatsQueryOptions(businessId),
    // Worked out again after every read, so each read sets the pause until the next.
    refetchInterval: () => (answeredAt === null ? false : untilNextTitleRead(answeredAt, Date.now())),
    refetchIntervalInBackground: true,
  });
}

import type { ChatMessages } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { chatThreadQueryOptions } from './use-chat-thread.ts';

/** How often an answer generated elsewhere (reopened chat, another tab) is read again. */
export const FOLLOW_INTERVAL_MS = 1000;

export interface FollowAnswerOptions {
  businessId: number;
  chatId: number;
  /**
   * Whether an answer on screen is being generated on the server with no stream here (the chat was
   * reopened, or another tab asked): then the thread is read again every second until it is finished.
   */
  following: boolean;
  /** When the read now on screen was made (the thread hook's): a read is shown once, and never an older one. */
  shownReadAt: RefObject<number>;
  /** Shows a newer read of the thread. */
  onRead: (loaded: ChatMessages, readAt: number) => void;
  /** The followed answer is finished: what it changed elsewhere (credits, the thread's title) is read again. */
  onFinished: () => void;
}

/**
 * Follows an answer still being generated on the server (product.md §4, architecture.md §4): the
 * thread's query, read again on an interval while there is something to follow. The query is the
 * thread hook's own (same key), so the read that opened the thread counts as the first.
 */
export function useFollowAnswer({
  businessId,
  chatId,
  following,
  shownReadAt,
  onRead,
  onFinished,
}: FollowAnswerOptions) {
  const followed = useQuery({
    ...chatThreadQueryOptions(businessId, chatId),
    enabled: following,
    // The read that showed the answer is this second's: the next one is due in a second, not at once.
    staleTime: FOLLOW_INTERVAL_MS,
    refetchInterval: FOLLOW_INTERVAL_MS,
    // An answer asked for in another tab is followed while this one is in the background too.
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    const loaded = followed.data;
    if (!following || !loaded || followed.dataUpdatedAt <= shownReadAt.current) return;
    onRead(loaded, followed.dataUpdatedAt);
    if (loaded.messages.every((m) => m.finished)) onFinished();
  }, [following, followed.data, followed.dataUpdatedAt, shownReadAt, onRead, onFinished]);
}

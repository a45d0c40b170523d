import { type Chat, STARTER_PLAN, UNSAVED_CHAT_START } from '@rumbo/contract';

/** product.md §9: the capacity notification's window and loading time. */
export const CAPACITY_LOADING_MS = 600_000;

/**
 * When the capacity notification's loading started (product.md §4), or null when it is not shown: never on
 * plan 9; from the earliest chat's start when that is less than 10 minutes ago; from `now` when the
 * business has no chats yet; not at all when chats exist but none has a start time.
 */
export function capacityStart(planId: number, chats: readonly Chat[], now: number): number | null {
  if (planId === STARTER_PLAN) return null;
  if (chats.length === 0) return now;
  const starts = chats
    .filter((chat) => chat.start_time !== UNSAVED_CHAT_START)
    .map((chat) => Date.parse(chat.start_time))
    .filter((time) => Number.isFinite(time));
  if (starts.length === 0) return null;
  const earliest = Math.min(...starts);
  return now - earliest < CAPACITY_LOADING_MS ? earliest : null;
}

/** How far the loading is, from 0 to 1. */
export function capacityProgress(start: number, now: number): number {
  return Math.min(1, Math.max(0, (now - start) / CAPACITY_LOADING_MS));
}

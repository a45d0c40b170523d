import { LRUCache } from 'lru-cache';

/**
 * Which user a session credential (the request's cookie and authorization headers) belongs to, kept
 * for a few seconds so that a burst of requests with one session costs one lookup (ADR 0011). Every
 * Better Auth call that may end sessions empties it in this process; other processes keep a revoked
 * session for at most SESSION_CACHE_MS.
 */

export const SESSION_CACHE_MS = 5_000;
/**
 * At most this many sessions are kept; beyond it the least recently used goes first, so memory stays
 * bounded whatever the traffic and a full cache never forgets the active sessions all at once.
 */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface SessionCache {
  /** Increases at every `clear`: a lookup that started before a clear must not be stored after it. */
  readonly epoch: number;
  get(key: string): number | undefined;
  set(key: string, userId: number, sessionExpiresAt: Date, epoch: number): void;
  clear(): void;
}

export function createSessionCache(
  ttlMs = SESSION_CACHE_MS,
  maxEntries = SESSION_CACHE_MAX_ENTRIES,
): SessionCache {
  const entries = new LRUCache<string, number>({ max: maxEntries, ttl: ttlMs });
  let epoch = 0;
  return {
    get epoch() {
      return epoch;
    },
    get: (key) => entries.get(key),
    set(key, userId, sessionExpiresAt, at) {
      if (at !== epoch) return;
      const ttl = Math.min(ttlMs, sessionExpiresAt.getTime() - Date.now());
      if (ttl > 0) entries.set(key, userId, { ttl });
    },
    clear() {
      epoch += 1;
      entries.clear();
    },
  };
}

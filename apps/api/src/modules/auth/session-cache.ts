import { LRUCache } from 'lru-cache';

/**
 * Which user a session credential (the request's cookie and authorization headers) belongs to, kept
 * for a few seconds so that a burst of requests with one session costs one lookup (ADR 0011). Requests
 * that miss together share one lookup too: when a busy user's entry expires, their concurrent requests
 * (a chat's streams, a screen's queries) would otherwise each ask Better Auth at once. Every Better Auth
 * call that may end sessions empties it in this process; other processes keep a revoked session for at
 * most SESSION_CACHE_MS.
 */

export const SESSION_CACHE_MS = 5_000;
/**
 * At most this many sessions are kept; beyond it the least recently used goes first, so memory stays
 * bounded whatever the traffic and a full cache never forgets the active sessions all at once.
 */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** What a lookup found: the user and when their session ends. */
export interface FoundSession {
  userId: number;
  expiresAt: Date;
}

export interface SessionCache {
  /**
   * The user of `key`: from the cache, else from the lookup of `key` already under way, else from a new
   * `load`. What a load finds is kept, unless the cache was cleared meanwhile (the session may have
   * ended): a lookup that started before a clear is neither stored nor joined after it.
   */
  userOf(key: string, load: () => Promise<FoundSession | null>): Promise<number | undefined>;
  clear(): void;
}

export function createSessionCache(
  ttlMs = SESSION_CACHE_MS,
  maxEntries = SESSION_CACHE_MAX_ENTRIES,
): SessionCache {
  const entries = new LRUCache<string, number>({ max: maxEntries, ttl: ttlMs });
  const loading = new Map<string, Promise<number | undefined>>();
  let epoch = 0;

  const store = (key: string, found: FoundSession | null, at: number) => {
    if (!found || at !== epoch) return;
    const ttl = Math.min(ttlMs, found.expiresAt.getTime() - Date.now());
    if (ttl > 0) entries.set(key, found.userId, { ttl });
  };

  return {
    userOf(key, load) {
      const known = entries.get(key);
      if (known !== undefined) return Promise.resolve(known);
      const under = loading.get(key);
      if (under) return under;
      const at = epoch;
      const lookup = load()
        .then((found) => {
          store(key, found, at);
          return found?.userId;
        })
        .finally(() => {
          if (loading.get(key) === lookup) loading.delete(key);
        });
      loading.set(key, lookup);
      return lookup;
    },
    clear() {
      epoch += 1;
      entries.clear();
      loading.clear();
    },
  };
}

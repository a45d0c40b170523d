/**
 * Which user a session credential (the request's cookie and authorization headers) belongs to, kept
 * for a few seconds so that a burst of requests with one session costs one lookup (ADR 0011). Every
 * Better Auth call that may end sessions empties it in this process; other processes keep a revoked
 * session for at most SESSION_CACHE_MS.
 */

export const SESSION_CACHE_MS = 5_000;
/** Beyond this many entries the cache starts again empty: memory stays bounded whatever the traffic. */
const MAX_ENTRIES = 10_000;

interface Entry {
  userId: number;
  until: number;
}

export interface SessionCache {
  /** Increases at every `clear`: a lookup that started before a clear must not be stored after it. */
  readonly epoch: number;
  get(key: string): number | undefined;
  set(key: string, userId: number, sessionExpiresAt: Date, epoch: number): void;
  clear(): void;
}

export function createSessionCache(ttlMs = SESSION_CACHE_MS): SessionCache {
  let entries = new Map<string, Entry>();
  let epoch = 0;
  return {
    get epoch() {
      return epoch;
    },
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.userId;
      entries.delete(key);
      return undefined;
    },
    set(key, userId, sessionExpiresAt, at) {
      if (at !== epoch) return;
      if (entries.size >= MAX_ENTRIES) entries = new Map();
      entries.set(key, { userId, until: Math.min(Date.now() + ttlMs, sessionExpiresAt.getTime()) });
    },
    clear() {
      epoch += 1;
      entries = new Map();
    },
  };
}

import { describe, expect, it, vi } from 'vitest';
import { createSessionCache, type FoundSession } from './session-cache.ts';

const later = new Date(Date.now() + 60_000);
const found =
  (userId: number, expiresAt = later) =>
  async (): Promise<FoundSession> => ({ userId, expiresAt });
const none = async () => null;

/** A lookup that resolves when the test says so. */
function pendingLookup() {
  let resolve!: (value: FoundSession | null) => void;
  const load = vi.fn(() => new Promise<FoundSession | null>((r) => (resolve = r)));
  return { load, resolve: (value: FoundSession | null) => resolve(value) };
}

describe('the session cache', () => {
  it('keeps a user for the TTL only, and never past the session’s own expiry', async () => {
    const cache = createSessionCache(40);
    await cache.userOf('a', found(1));
    await cache.userOf('b', found(2, new Date(Date.now() - 1)));
    expect(await cache.userOf('a', none)).toBe(1);
    expect(await cache.userOf('b', none)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await cache.userOf('a', none)).toBeUndefined();
  });

  it('asks once for requests that miss together, and keeps no session that was not found', async () => {
    const cache = createSessionCache();
    const lookup = pendingLookup();
    const burst = Array.from({ length: 20 }, () => cache.userOf('a', lookup.load));
    lookup.resolve({ userId: 7, expiresAt: later });
    expect(await Promise.all(burst)).toEqual(Array(20).fill(7));
    expect(lookup.load).toHaveBeenCalledTimes(1);

    const missing = vi.fn(none);
    expect(await Promise.all([cache.userOf('b', missing), cache.userOf('b', missing)])).toEqual([
      undefined,
      undefined,
    ]);
    expect(await cache.userOf('b', missing)).toBeUndefined();
    expect(missing).toHaveBeenCalledTimes(2);
  });

  it('shares a failed lookup’s error with its waiters, and the next request asks again', async () => {
    const cache = createSessionCache();
    const failing = vi.fn(async (): Promise<FoundSession> => {
      throw new Error('database down');
    });
    const both = [cache.userOf('a', failing), cache.userOf('a', failing)];
    for (const request of both) await expect(request).rejects.toThrow('database down');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(await cache.userOf('a', found(3))).toBe(3);
  });

  it('forgets everything at a clear: neither stores nor lets anyone join a lookup that started before it', async () => {
    const cache = createSessionCache();
    await cache.userOf('a', found(1));
    const before = pendingLookup();
    const early = cache.userOf('b', before.load);
    cache.clear();
    const after = vi.fn(found(9));
    expect(await cache.userOf('b', after)).toBe(9);
    before.resolve({ userId: 2, expiresAt: later });
    expect(await early).toBe(2);
    expect(await cache.userOf('a', none)).toBeUndefined();
    expect(await cache.userOf('b', none)).toBe(9);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('when full, lets the least recently used session go, not every session at once', async () => {
    const cache = createSessionCache(60_000, 3);
    for (const key of ['a', 'b', 'c']) await cache.userOf(key, found(1));
    expect(await cache.userOf('a', none)).toBe(1);
    await cache.userOf('d', found(2));
    expect(await cache.userOf('b', none)).toBeUndefined();
    expect(await Promise.all(['a', 'c', 'd'].map((key) => cache.userOf(key, none)))).toEqual([1, 1, 2]);
  });
});

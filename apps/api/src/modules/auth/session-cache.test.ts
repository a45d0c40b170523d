import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';

const later = new Date(Date.now() + 60_000);

describe('the session cache', () => {
  it('keeps a user for the TTL only, and never past the session’s own expiry', async () => {
    const cache = createSessionCache(40);
    cache.set('a', 1, later, cache.epoch);
    cache.set('b', 2, new Date(Date.now() - 1), cache.epoch);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets everything at a clear, including a lookup that started before it', () => {
    const cache = createSessionCache();
    cache.set('a', 1, later, cache.epoch);
    const started = cache.epoch;
    cache.clear();
    cache.set('b', 2, later, started);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('when full, lets the least recently used session go, not every session at once', () => {
    const cache = createSessionCache(60_000, 3);
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, later, cache.epoch);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 2, later, cache.epoch);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 1, 2]);
  });
});

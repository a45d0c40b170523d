import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once for every caller, at the first call and not before', async () => {
    let loads = 0;
    const load = loadOnce(async () => ++loads);
    expect(loads).toBe(0);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error('no disponible');
      return 'listo';
    });
    await expect(load()).rejects.toThrow('no disponible');
    expect(await load()).toBe('listo');
  });
});

import { describe, expect, it } from 'vitest';
import { adversarialEnv } from './fake-web.ts';
import { evaluate, failures } from './run-eval.ts';

describe('npm run eval:research -- --fake', () => {
  it('measures the adversary before the check and nothing of it after', async () => {
    const setup = await adversarialEnv();
    try {
      const result = await evaluate(setup.env, 3);
      expect(result.rows).toHaveLength(3);
      expect(failures(result)).toEqual([]);
      expect(result.before.fabricated).toBeGreaterThan(0);
      expect(result.before.unsafe).toBeGreaterThan(0);
      expect(result.before.english).toBeGreaterThan(0);
      expect(result.after).toMatchObject({ fabricated: 0, unsafe: 0, english: 0 });
      expect(result.after.supported).toBe(result.after.sourced);
      // The copies of the sector page (a tracking parameter, another address) are one source; the English page is too short to read.
      expect(result.rows.every((row) => row.modo === 'web' && row.fuentes === 2)).toBe(true);
    } finally {
      await setup.close();
    }
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { breaksRules, evaluate, fakeEnv } from './run-eval.ts';

describe('npm run eval:research -- --fake', () => {
  it('researches the profiles offline: every section, no invented citation (the fake model invents some)', async () => {
    const setup = await fakeEnv();
    try {
      const rows = await evaluate(setup.env, 2);
      expect(rows).toHaveLength(2);
      expect(rows.filter(breaksRules)).toEqual([]);
      expect(rows.every((row) => row.modo === 'web' && row.tokens > 0)).toBe(true);
    } finally {
      await setup.close();
    }
  }, 60_000);
});

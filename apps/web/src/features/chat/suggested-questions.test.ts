import { describe, expect, it } from 'vitest';
import { drawQuestions, SUGGESTED_QUESTIONS } from './suggested-questions.es.ts';

const stages = ['idea', 'established'] as const;

/** mulberry32: a tiny seeded generator, so draws are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('suggested question pools', () => {
  it.each(stages)('%s pool has 45–60 well-formed, distinct questions', (stage) => {
    const pool = SUGGESTED_QUESTIONS[stage];
    expect(pool.length).toBeGreaterThanOrEqual(45);
    expect(pool.length).toBeLessThanOrEqual(60);
    expect(new Set(pool).size).toBe(pool.length);
    for (const question of pool) {
      expect(question.startsWith('¿'), question).toBe(true);
      expect(question.endsWith('?'), question).toBe(true);
      expect(question.length, question).toBeLessThanOrEqual(110);
      expect(question, question).toBe(question.trim());
    }
  });

  it('does not repeat a question across stages', () => {
    const shared = SUGGESTED_QUESTIONS.idea.filter((q) => SUGGESTED_QUESTIONS.established.includes(q));
    expect(shared).toEqual([]);
  });
});

describe('drawQuestions', () => {
  it.each(stages)('draws 4 distinct questions from the %s pool', (stage) => {
    for (let seed = 0; seed < 50; seed++) {
      const drawn = drawQuestions(stage, seeded(seed));
      expect(drawn).toHaveLength(4);
      expect(new Set(drawn).size).toBe(4);
      for (const question of drawn) {
        expect(SUGGESTED_QUESTIONS[stage]).toContain(question);
      }
    }
  });

  it('is deterministic for a given seed and varies between seeds', () => {
    expect(drawQuestions('idea', seeded(42))).toEqual(drawQuestions('idea', seeded(42)));
    expect(drawQuestions('idea', seeded(1))).not.toEqual(drawQuestions('idea', seeded(2)));
    expect(drawQuestions('established', seeded(1))).not.toEqual(drawQuestions('established', seeded(2)));
  });

  it('never mutates the pool', () => {
    const before = [...SUGGESTED_QUESTIONS.idea];
    for (let seed = 0; seed < 20; seed++) drawQuestions('idea', seeded(seed));
    expect(SUGGESTED_QUESTIONS.idea).toEqual(before);
  });

  it('copes with the extremes of random()', () => {
    const pool = SUGGESTED_QUESTIONS.established;
    expect(drawQuestions('established', () => 0)).toEqual(pool.slice(0, 4));
    const top = drawQuestions('established', () => 0.999_999_999);
    expect(new Set(top).size).toBe(4);
    expect(top[0]).toBe(pool[pool.length - 1]);
    // Out of contract, but must not yield undefined.
    expect(drawQuestions('established', () => 1).every((q) => pool.includes(q))).toBe(true);
  });

  it('reaches every question of the pool', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 500; seed++) {
      for (const question of drawQuestions('idea', seeded(seed))) seen.add(question);
    }
    expect(seen.size).toBe(SUGGESTED_QUESTIONS.idea.length);
  });
});

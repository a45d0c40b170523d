import { describe, expect, it } from 'vitest';
import {
  businessLimit,
  displayCredits,
  hasAdvancedSources,
  isResearchEnabled,
  maySend,
  PLANS,
  planOf,
  researchQuota,
  SLIDER_PLANS,
} from './index.ts';

describe('the plan catalogue (product.md §3, §9)', () => {
  it('has the spec figures', () => {
    const figures = Object.values(PLANS)
      .filter((p) => p.id !== -1)
      .map((p) => [p.id, p.code, p.name, p.price, p.monthlyCredits, p.businessLimit]);
    expect(figures).toEqual(
      expect.arrayContaining([
        [9, 'Starter', 'Starter', 0, 100, 1],
        [5, 'Founder', 'Founder', 19, 500, 1],
        [7, 'CEOMin', 'CEO', 29, 600, 3],
        [11, 'CEOMedium', 'CEO', 39, 1400, 3],
        [12, 'CEOMax', 'CEO', 49, null, 3],
      ]),
    );
    expect(SLIDER_PLANS).toEqual([7, 11, 12]);
  });

  it('limits businesses per plan: 1 for 5 and 9, 3 for 7, 11, 12, 0 otherwise', () => {
    expect([-1, 9, 5, 7, 11, 12, 42].map(businessLimit)).toEqual([0, 1, 1, 3, 3, 3, 0]);
    expect(planOf(42).code).toBe('NO_PLAN');
  });

  it('lets plan 12 always send and every other plan only with credits above 0', () => {
    expect(maySend(12, 0)).toBe(true);
    expect(maySend(12, null)).toBe(true);
    expect(maySend(9, 1)).toBe(true);
    expect(maySend(9, 0)).toBe(false);
    expect(maySend(11, -5)).toBe(false);
  });

  it('allows Founder one research a period, the CEO plans any number, the others none', () => {
    expect([-1, 9, 5, 7, 11, 12].map(researchQuota)).toEqual([0, 0, 1, null, null, null]);
  });

  it('disables research on Starter and gives advanced sources to the CEO plans only', () => {
    expect(isResearchEnabled(9)).toBe(false);
    expect([5, 7, 11, 12].every(isResearchEnabled)).toBe(true);
    expect([7, 11, 12].every(hasAdvancedSources)).toBe(true);
    expect([9, 5, -1].some(hasAdvancedSources)).toBe(false);
  });

  it('shows credits below zero as 0, except plan 12 which is unlimited', () => {
    expect(displayCredits(9, -3)).toBe(0);
    expect(displayCredits(7, 250)).toBe(250);
    expect(displayCredits(12, -9999)).toBeNull();
  });
});

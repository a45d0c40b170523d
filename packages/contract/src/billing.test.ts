import { describe, expect, it } from 'vitest';
import { createSubscriptionBodySchema, isChoosablePlan, isPaidPlan } from './index.ts';

describe('subscription wire shapes', () => {
  it('lets a user choose Starter and the paid plans, nothing else', () => {
    expect([9, 5, 7, 11, 12].every(isChoosablePlan)).toBe(true);
    expect([-1, 0, 42].some(isChoosablePlan)).toBe(false);
    expect([5, 7, 11, 12].every(isPaidPlan)).toBe(true);
    expect(isPaidPlan(9)).toBe(false);
  });

  it('accepts the old clients’ return addresses and refuses unknown plans in Spanish', () => {
    expect(
      createSubscriptionBodySchema.safeParse({ plan_id: 7, success_url: 'x', cancel_url: 'y' }).success,
    ).toBe(true);
    const bad = createSubscriptionBodySchema.safeParse({ plan_id: -1 });
    expect(bad.error?.issues[0]?.message).toBe('Plan no válido');
  });
});

import { describe, expect, it } from 'vitest';
import { planAction, planButtonKind, sliderPlanAt, sliderPositionOf } from './plan-rules.ts';

describe('the CEO card slider (product.md §4, §9)', () => {
  it('maps positions 0, 1, 2 (600, 1400, unlimited credits) to plans 7, 11, 12', () => {
    expect([0, 1, 2].map(sliderPlanAt)).toEqual([7, 11, 12]);
  });

  it('keeps out-of-range positions on the nearest plan', () => {
    expect(sliderPlanAt(-1)).toBe(7);
    expect(sliderPlanAt(5)).toBe(12);
  });

  it("starts at the user's plan, or at 600 credits for any other plan", () => {
    expect(sliderPositionOf(7)).toBe(0);
    expect(sliderPositionOf(11)).toBe(1);
    expect(sliderPositionOf(12)).toBe(2);
    for (const other of [-1, 9, 5]) expect(sliderPositionOf(other)).toBe(0);
  });
});

describe('plan button texts (product.md §4)', () => {
  it("says 'Seleccionar plan' on every card without a plan", () => {
    for (const plan of [9, 5, 7, 11, 12] as const) expect(planButtonKind(-1, plan)).toBe('select');
  });

  it("marks the user's plan and names the others by position", () => {
    expect(planButtonKind(9, 9)).toBe('current');
    expect(planButtonKind(9, 5)).toBe('upgrade');
    expect(planButtonKind(9, 12)).toBe('upgrade');
    expect(planButtonKind(11, 9)).toBe('change');
    expect(planButtonKind(11, 5)).toBe('change');
    expect(planButtonKind(11, 7)).toBe('change');
    expect(planButtonKind(11, 11)).toBe('current');
    expect(planButtonKind(11, 12)).toBe('upgrade');
    expect(planButtonKind(12, 11)).toBe('change');
  });
});

describe('what choosing a plan does (product.md §4, ADR 0007)', () => {
  it('does nothing on the current plan', () => {
    expect(planAction(9, 9)).toBe('none');
    expect(planAction(11, 11)).toBe('none');
  });

  it('subscribes without a plan or on Starter (Starter at once, a paid plan through checkout)', () => {
    expect(planAction(-1, 9)).toBe('subscribe');
    expect(planAction(-1, 12)).toBe('subscribe');
    expect(planAction(9, 5)).toBe('subscribe');
  });

  it('opens the portal for any change of a paid plan, the free plan included', () => {
    expect(planAction(5, 7)).toBe('portal');
    expect(planAction(11, 9)).toBe('portal');
    expect(planAction(12, 5)).toBe('portal');
  });
});

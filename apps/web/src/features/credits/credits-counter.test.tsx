import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/render.tsx';
import { CreditsCounter } from './credits-counter.tsx';
import { COUNTER_FRAMES, easeOutCubic, frameValue } from './use-animated-number.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Fake timers run animation frames every 16 ms. */
const frames = (count: number) =>
  act(() => {
    vi.advanceTimersByTime(count * 16);
  });

const shownNumber = (container: HTMLElement) =>
  container.querySelector('[aria-hidden="true"] > span')?.textContent ?? '';

describe('the credits counter (product.md §6, §9)', () => {
  it('counts up to the balance in 60 eased frames', () => {
    const { container } = render(<CreditsCounter planId={9} credits={100} />);
    expect(shownNumber(container)).toBe('0');
    frames(1);
    const first = Number(shownNumber(container));
    expect(first).toBeGreaterThan(0);
    frames(COUNTER_FRAMES / 2 - 1);
    // Eased: past the halfway value at half time.
    expect(Number(shownNumber(container))).toBeGreaterThan(50);
    expect(Number(shownNumber(container))).toBeLessThan(100);
    frames(COUNTER_FRAMES / 2);
    expect(shownNumber(container)).toBe('100');
    expect(container.textContent).toContain('100 créditos');
  });

  it('counts from the value on screen when the balance changes', () => {
    const { container, rerender } = render(<CreditsCounter planId={11} credits={1400} />);
    frames(COUNTER_FRAMES);
    expect(shownNumber(container)).toBe('1400');
    rerender(<CreditsCounter planId={11} credits={1395} />);
    frames(1);
    expect(Number(shownNumber(container))).toBeLessThanOrEqual(1400);
    expect(Number(shownNumber(container))).toBeGreaterThanOrEqual(1395);
    frames(COUNTER_FRAMES);
    expect(shownNumber(container)).toBe('1395');
  });

  it('gives screen readers the final value at once', () => {
    const { container } = render(<CreditsCounter planId={5} credits={500} />);
    expect(container.querySelector('.sr-only')?.textContent).toBe('500 créditos');
  });

  it.each([
    [9, -20],
    [5, -1],
    [7, null],
    [11, -9999],
  ])("shows 0 on plan %i with a balance of %s, never 'Créditos ilimitados'", (planId, credits) => {
    const { container } = render(<CreditsCounter planId={planId} credits={credits} />);
    frames(COUNTER_FRAMES);
    expect(shownNumber(container)).toBe('0');
    expect(container.textContent).not.toContain('Créditos ilimitados');
  });

  it.each([null, -9999, 0, 250])("shows 'Créditos ilimitados' on plan 12 (balance %s)", (credits) => {
    const { container } = render(<CreditsCounter planId={12} credits={credits} />);
    expect(container.textContent).toBe('Créditos ilimitados');
  });

  it('eases out and lands exactly on the target', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
    expect(frameValue(0, 1400, COUNTER_FRAMES)).toBe(1400);
    expect(frameValue(0, 1400, COUNTER_FRAMES + 5)).toBe(1400);
    const values = Array.from({ length: COUNTER_FRAMES }, (_, i) => frameValue(0, 600, i + 1));
    expect(values.every((value, i) => i === 0 || value >= (values[i - 1] ?? 0))).toBe(true);
  });
});

import type { CurrentSubscription } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format.ts';
import { paymentIsOverdue, renewalText } from './renewal.ts';

const subscription = (overrides: Partial<CurrentSubscription>): CurrentSubscription => ({
  plan_id: 11,
  provider: 'local',
  status: 'active',
  current_period_end: '2026-12-21T12:00:00.000Z',
  cancel_at_period_end: false,
  ...overrides,
});

describe("'Tu plan actual' renewal line", () => {
  it('formats dates in Spanish', () => {
    expect(formatLongDate('2026-12-21T12:00:00.000Z')).toBe('21 de diciembre de 2026');
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('not a date')).toBeNull();
  });

  it('gives the real renewal date of a paid plan', () => {
    expect(renewalText(subscription({}))).toBe(
      'Tu plan se renueva automáticamente el 21 de diciembre de 2026',
    );
    expect(renewalText(subscription({ current_period_end: null }))).toBe(
      'Tu plan se renueva automáticamente cada mes',
    );
  });

  it('says when a plan cancelled at period end ends', () => {
    expect(renewalText(subscription({ cancel_at_period_end: true }))).toBe(
      'Tu plan termina el 21 de diciembre de 2026',
    );
  });

  it("says when Starter's monthly credits come back", () => {
    const free = subscription({ plan_id: 9, provider: null, status: 'free' });
    expect(renewalText(free)).toBe('Tus 100 créditos gratuitos se renuevan el 21 de diciembre de 2026');
  });

  it('flags an overdue payment', () => {
    expect(paymentIsOverdue(subscription({ status: 'past_due' }))).toBe(true);
    expect(paymentIsOverdue(subscription({}))).toBe(false);
  });
});

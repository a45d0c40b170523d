import { describe, expect, it } from 'vitest';
import { parseNumberInput } from '../../../components/number-field.tsx';
import { sampleEstablished, sampleIdea } from '../../../test/businesses.ts';
import { clampProfitMargin, emptyFormValues } from './form-values.ts';
import { formValuesFromBusiness } from './wire.ts';

describe('form defaults (product.md §3)', () => {
  it('start with España, the euro, team size 1, no competitors and zero amounts', () => {
    expect(emptyFormValues()).toMatchObject({
      businessType: null,
      logo: null,
      location: 'España',
      team_size: 1,
      competitor_existence: false,
      investment: 0,
      investment_currency: '€',
      billing: 0,
      billing_currency: '€',
      ebitda: 0,
      profit_margin: 0,
    });
  });

  it('edit starts from the business, with its currencies as symbols and its logo', () => {
    expect(formValuesFromBusiness(sampleEstablished())).toMatchObject({
      businessType: 'established-business',
      billing_currency: '$',
      billing: 250000,
      logo: null,
    });
    expect(formValuesFromBusiness(sampleIdea())).toMatchObject({
      businessType: 'business-idea',
      investment_currency: '€',
      logo: { kind: 'existing', url: '/api/businesses/ideas/4/logo?v=abc' },
    });
  });
});

describe('numbers (product.md §5)', () => {
  it('parse to a number, and an empty input is null', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('0')).toBe(0);
    expect(parseNumberInput('12.5')).toBe(12.5);
    expect(parseNumberInput('abc')).toBeNull();
  });

  it('clamp the profit margin to 0..100', () => {
    expect(clampProfitMargin(150)).toBe(100);
    expect(clampProfitMargin(-3)).toBe(0);
    expect(clampProfitMargin(42.5)).toBe(42.5);
    expect(clampProfitMargin(null)).toBeNull();
  });
});

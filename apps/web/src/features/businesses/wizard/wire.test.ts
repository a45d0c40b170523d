import { describe, expect, it } from 'vitest';
import { established, idea } from '../../../test/wizard-form-values.ts';
import { currencyFromSymbol, symbolFromCurrency, toEstablishedWire, toIdeaWire, toPayload } from './wire.ts';

describe('currencies (product.md §3)', () => {
  it('convert the symbols to euro and dollar and back', () => {
    expect(currencyFromSymbol('€')).toBe('euro');
    expect(currencyFromSymbol('$')).toBe('dollar');
    expect(symbolFromCurrency('euro')).toBe('€');
    expect(symbolFromCurrency('dollar')).toBe('$');
  });

  it('go to the API as euro/dollar, the EBITDA currency following the billing currency', () => {
    expect(toIdeaWire(idea({ investment_currency: '$' })).investment_currency).toBe('dollar');
    const wire = toEstablishedWire(established({ billing_currency: '$' }));
    expect(wire).toMatchObject({ billing_currency: 'dollar', ebitda_currency: 'dollar' });
    expect(toEstablishedWire(established({ billing_currency: '€' })).ebitda_currency).toBe('euro');
  });
});

describe('toPayload', () => {
  it('sends no differentiation when there are no competitors', () => {
    const result = toPayload(idea({ competitor_existence: false, competitor_differentiation: 'Olvidada' }));
    expect(result.ok && result.payload.data).toMatchObject({
      competitor_existence: false,
      competitor_differentiation: '',
    });
  });

  it('names the first field the contract refuses', () => {
    expect(toPayload(idea({ goal: '' }))).toEqual({ ok: false, field: 'goal', message: 'Obligatorio' });
  });
});

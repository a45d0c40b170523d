import { describe, expect, it } from 'vitest';
import { DESCRIPTION_150, sampleEstablished, sampleIdea } from '../../../test/businesses.ts';
import {
  type BusinessFormValues,
  CREATE_STEPS,
  checkStep,
  clampProfitMargin,
  currencyFromSymbol,
  descriptionError,
  EDIT_STEPS,
  emptyFormValues,
  formValuesFromBusiness,
  parseNumberInput,
  symbolFromCurrency,
  toEstablishedWire,
  toIdeaWire,
  toPayload,
} from './form-model.ts';

const idea = (overrides: Partial<BusinessFormValues> = {}): BusinessFormValues => ({
  ...emptyFormValues(),
  businessType: 'business-idea',
  logo: { kind: 'gradient', index: 0 },
  name: 'Oliva Directa',
  description: DESCRIPTION_150,
  team_description: 'Dos fundadores',
  goal: 'Validar la demanda',
  ...overrides,
});

const established = (overrides: Partial<BusinessFormValues> = {}): BusinessFormValues => ({
  ...idea(),
  businessType: 'established-business',
  user_position: 'Fundadora',
  mission_and_vision: 'Pan para cada barrio',
  billing: 250000,
  ebitda: 40000,
  profit_margin: 16,
  team_size: 8,
  ...overrides,
});

describe('the steps (product.md §2.7, §2.8, §9)', () => {
  it('are five to create and four to edit, without the type', () => {
    expect(CREATE_STEPS).toEqual(['type', 'basics', 'description', 'team', 'goals']);
    expect(EDIT_STEPS).toEqual(['basics', 'description', 'team', 'goals']);
  });
});

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

describe('the description rule (product.md §5)', () => {
  it("shows '*mínimo 150 caracteres' from 1 to 149 characters only", () => {
    expect(descriptionError('')).toBeUndefined();
    expect(descriptionError('a')).toBe('*mínimo 150 caracteres');
    expect(descriptionError('x'.repeat(149))).toBe('*mínimo 150 caracteres');
    expect(descriptionError('x'.repeat(150))).toBeUndefined();
  });
});

describe('checkStep (product.md §5)', () => {
  it('type: a type must be chosen', () => {
    expect(checkStep('type', emptyFormValues()).valid).toBe(false);
    expect(checkStep('type', idea()).valid).toBe(true);
  });

  it('idea basics: photo, name and location required; the position optional', () => {
    expect(checkStep('basics', idea()).valid).toBe(true);
    expect(checkStep('basics', idea({ logo: null })).errors).toEqual({ logo: 'Obligatorio' });
    expect(checkStep('basics', idea({ name: '   ' })).errors).toEqual({ name: 'Obligatorio' });
    expect(checkStep('basics', idea({ location: 'Atlántida' })).errors.location).toBeDefined();
  });

  it('established basics: the position is required too (trimmed)', () => {
    expect(checkStep('basics', established()).valid).toBe(true);
    expect(checkStep('basics', established({ user_position: '  ' })).errors).toEqual({
      user_position: 'Obligatorio',
    });
  });

  it('description: 150 characters; established also mission and vision and team', () => {
    expect(checkStep('description', idea({ description: 'x'.repeat(149) })).valid).toBe(false);
    expect(checkStep('description', idea()).valid).toBe(true);
    expect(checkStep('description', established({ mission_and_vision: ' ' })).errors).toEqual({
      mission_and_vision: 'Obligatorio',
    });
    expect(checkStep('description', established({ team_description: '' })).valid).toBe(false);
  });

  it('idea team: team description, differentiation when there are competitors, investment ≥ 0, size 1–10', () => {
    expect(checkStep('team', idea()).valid).toBe(true);
    expect(checkStep('team', idea({ team_description: ' ' })).valid).toBe(false);
    expect(checkStep('team', idea({ competitor_existence: true })).errors).toEqual({
      competitor_differentiation: 'Obligatorio',
    });
    expect(
      checkStep('team', idea({ competitor_existence: true, competitor_differentiation: 'Precio' })).valid,
    ).toBe(true);
    expect(checkStep('team', idea({ investment: -1 })).errors).toEqual({ investment: 'Debe ser 0 o más' });
    expect(checkStep('team', idea({ investment: null })).errors).toEqual({ investment: 'Obligatorio' });
    expect(checkStep('team', idea({ team_size: 11 })).valid).toBe(false);
    expect(checkStep('team', idea({ team_size: 10 })).valid).toBe(true);
  });

  it('established finance: billing above 0, any EBITDA, margin 0–100 (ADR 0018); team size free', () => {
    expect(checkStep('team', established()).valid).toBe(true);
    expect(checkStep('team', established({ team_size: 250 })).valid).toBe(true);
    expect(checkStep('team', established({ team_size: null })).errors).toEqual({ team_size: 'Obligatorio' });
    expect(checkStep('team', established({ billing: 0, ebitda: 0, profit_margin: 0 })).errors).toEqual({
      billing: 'Debe ser mayor que 0',
    });
    // A business with losses: negative EBITDA, no margin.
    expect(checkStep('team', established({ ebitda: -12000, profit_margin: 0 })).valid).toBe(true);
    expect(checkStep('team', established({ ebitda: null })).errors).toEqual({ ebitda: 'Obligatorio' });
    // The billing default is 0, so the finance step starts closed.
    expect(checkStep('team', { ...emptyFormValues(), businessType: 'established-business' }).valid).toBe(
      false,
    );
  });

  it('goals: the goal is required, the extra information is not', () => {
    expect(checkStep('goals', idea({ extra_info: '' })).valid).toBe(true);
    expect(checkStep('goals', idea({ goal: ' ' })).errors).toEqual({ goal: 'Obligatorio' });
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

import { describe, expect, it } from 'vitest';
import { established, idea } from '../../../test/wizard-form-values.ts';
import { emptyFormValues } from './form-values.ts';
import { CREATE_STEPS, checkStep, descriptionError, EDIT_STEPS } from './step-rules.ts';

describe('the steps (product.md §2.7, §2.8, §9)', () => {
  it('are five to create and four to edit, without the type', () => {
    expect(CREATE_STEPS).toEqual(['type', 'basics', 'description', 'team', 'goals']);
    expect(EDIT_STEPS).toEqual(['basics', 'description', 'team', 'goals']);
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

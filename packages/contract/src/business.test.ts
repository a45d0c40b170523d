import { describe, expect, it } from 'vitest';
import { establishedInputSchema, ideaInputSchema } from './index.ts';

const description =
  'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales y trazabilidad completa del origen.';

const idea = {
  name: 'Oliva Directa',
  location: 'España',
  description,
  goal: 'Validar la demanda en Madrid',
  team_description: 'Dos fundadores con experiencia en logística',
  team_size: 2,
  competitor_existence: false,
  competitor_differentiation: 'no debería quedarse',
  investment: 0,
  investment_currency: 'euro',
};

describe('business input schemas (product.md §5)', () => {
  it('clears the competitor differentiation when there are no competitors', () => {
    expect(ideaInputSchema.parse(idea).competitor_differentiation).toBe('');
  });

  it('requires a differentiation when competitors exist', () => {
    const result = ideaInputSchema.safeParse({
      ...idea,
      competitor_existence: true,
      competitor_differentiation: ' ',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['competitor_differentiation']);
  });

  it('requires 150 characters of description with the spec message', () => {
    const result = ideaInputSchema.safeParse({ ...idea, description: 'corta' });
    expect(result.error?.issues[0]?.message).toBe('*mínimo 150 caracteres');
  });

  it('keeps idea team size between 1 and 10', () => {
    expect(ideaInputSchema.safeParse({ ...idea, team_size: 11 }).success).toBe(false);
    expect(ideaInputSchema.safeParse({ ...idea, team_size: 0 }).success).toBe(false);
  });

  it('makes the EBITDA currency follow the billing currency', () => {
    const parsed = establishedInputSchema.parse({
      ...idea,
      user_position: 'CEO',
      team_size: 25,
      mission_and_vision: 'Llevar el mejor aceite a cada mesa',
      billing: 120000,
      billing_currency: 'dollar',
      ebitda: 20000,
      ebitda_currency: 'euro',
      profit_margin: 12,
    });
    expect(parsed.ebitda_currency).toBe('dollar');
  });

  it('registers a business with losses: billing above 0, any EBITDA, margin 0–100 (ADR 0018)', () => {
    const established = {
      ...idea,
      user_position: 'CEO',
      team_size: 4,
      mission_and_vision: 'Llevar el mejor aceite a cada mesa',
      billing: 80000,
      billing_currency: 'euro',
      ebitda: -15000,
      ebitda_currency: 'euro',
      profit_margin: 0,
    };
    expect(establishedInputSchema.safeParse(established).success).toBe(true);
    expect(establishedInputSchema.safeParse({ ...established, ebitda: 0 }).success).toBe(true);
    const issueOf = (change: object) =>
      establishedInputSchema.safeParse({ ...established, ...change }).error?.issues[0];
    expect(issueOf({ billing: 0 })).toMatchObject({ path: ['billing'], message: 'Debe ser mayor que 0' });
    expect(issueOf({ profit_margin: -1 })).toMatchObject({ path: ['profit_margin'] });
    expect(issueOf({ profit_margin: 101 })).toMatchObject({ path: ['profit_margin'], message: 'Máximo 100' });
    expect(issueOf({ ebitda: Number.POSITIVE_INFINITY })).toMatchObject({ path: ['ebitda'] });
  });

  it('writes zod type errors in Spanish', () => {
    const result = ideaInputSchema.safeParse({ ...idea, team_size: 'dos' });
    expect(result.error?.issues[0]?.message).toMatch(/esperado|inválid/i);
  });
});

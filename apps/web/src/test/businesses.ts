import type { Established, Idea } from '@rumbo/contract';

/** 150 characters exactly: the shortest description the rules accept (product.md §5). */
export const DESCRIPTION_150 = 'x'.repeat(150);

/** An idea as GET /api/businesses/ideas/{id} answers it. */
export function sampleIdea(overrides: Partial<Idea> = {}): Idea {
  return {
    id: 4,
    stage: 'idea',
    name: 'Oliva Directa',
    logo_url: '/api/businesses/ideas/4/logo?v=abc',
    location: 'España',
    description:
      'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales y trazabilidad completa del origen.',
    goal: 'Validar la demanda en Madrid',
    extra_info: '',
    team_description: 'Dos fundadores con experiencia en logística',
    team_size: 2,
    user_position: 'CEO',
    competitor_existence: false,
    competitor_differentiation: '',
    investment: 15000,
    investment_currency: 'euro',
    ...overrides,
  };
}

/** An established business as GET /api/businesses/established/{id} answers it. */
export function sampleEstablished(overrides: Partial<Established> = {}): Established {
  return {
    id: 9,
    stage: 'established',
    name: 'Panadería Sol',
    logo_url: null,
    location: 'México',
    description:
      'Panadería de barrio con obrador propio que elabora pan de masa madre, bollería y tartas por encargo, con venta en tienda y pedidos por internet para toda la ciudad.',
    goal: 'Abrir una segunda tienda',
    extra_info: 'Vendemos también por internet',
    team_description: 'Ocho personas entre obrador y tienda',
    team_size: 8,
    user_position: 'Fundadora',
    mission_and_vision: 'Pan de verdad para cada barrio',
    billing: 250000,
    billing_currency: 'dollar',
    ebitda: 40000,
    ebitda_currency: 'dollar',
    profit_margin: 16,
    ...overrides,
  };
}

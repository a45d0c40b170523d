import { describe, expect, it } from 'vitest';
import { shopAssumptions, shopPlan } from '../../../test/finance-test-kit.ts';
import type { BusinessRow } from '../../businesses/business-wire.ts';
import { businessPlan } from './business-plan.es.ts';

// The business plan's 'Hoja de ruta': the money the founder raises, dated, with its amount.

const founder = { kind: 'founder' as const, note: '', sources: [] };
const business = {
  name: 'Cestas La Alacena',
  description: 'Cestas de productos locales.',
  goal: 'Abrir la tienda',
  location: 'España',
  teamDescription: 'Dos socias',
  competitorDifferentiation: '',
} as BusinessRow;

function roadmapOf(assumptions: typeof shopAssumptions): string[] {
  const document = businessPlan({
    business,
    plan: {
      ...shopPlan,
      assumptions,
      business_id: 1,
      business_name: business.name,
      stage: 'idea',
      country: 'España',
      currency: 'EUR',
      locale: 'es-ES',
      saved: true,
      updated_at: null,
      proposals: [],
    },
    research: null,
    today: new Date('2026-11-27T10:00:00Z'),
  });
  const section = document.sections.find((s) => s.heading === 'Hoja de ruta');
  const block = section?.blocks[0];
  // Intl puts a no-break space before the currency sign.
  return block?.kind === 'bullets' ? block.items.map((item) => item.replace(/\u00a0/g, ' ')) : [];
}

describe("the business plan's roadmap", () => {
  it('dates each loan, grant and equity round with its amount, and leaves out those without one', () => {
    const roadmap = roadmapOf({
      ...shopAssumptions,
      loans: [
        {
          id: 'ico',
          name: 'Préstamo ICO',
          principal: 15000,
          annual_rate_pct: 5,
          term_months: 60,
          month: 0,
          origin: founder,
        },
        {
          id: 'vacio',
          name: 'Préstamo',
          principal: 0,
          annual_rate_pct: 0,
          term_months: 36,
          month: 0,
          origin: founder,
        },
      ],
      grants: [{ id: 'enisa', name: 'Ayuda regional', amount: 6000, month: 4, origin: founder }],
      equity: [{ id: 'nada', name: 'Socios', amount: 0, month: 2, origin: founder }],
    });
    expect(roadmap).toContain('Préstamo ICO (préstamo de 15.000 €): antes de enero de 2027.');
    expect(roadmap).toContain('Ayuda regional (subvención de 6000 €): abril de 2027.');
    expect(roadmap.join('\n')).not.toMatch(/Préstamo \(|Socios/);
    expect(roadmap.at(-1)).toBe('Punto de equilibrio: noviembre de 2027.');
  });
});

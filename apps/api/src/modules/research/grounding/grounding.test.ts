import { describe, expect, it } from 'vitest';
import { rankResults } from '../pipeline/sources.ts';
import { checkClaims, dropAttribution } from './check-claims.ts';
import { factsOf, sourceFacts, sourceHas } from './facts.ts';
import { isSpanish } from './language.ts';
import { rankPassages } from './passages.ts';
import { supportOf } from './support.ts';

const PAGE =
  'El sector creció un 6 % el último año según la asociación empresarial del país, con más clientes dispuestos a pagar por calidad. Hay 1.200 cafeterías de especialidad y facturan 120 millones de euros.';

describe('facts of a claim, in any notation', () => {
  it('finds the same figures written another way in the source', () => {
    const source = sourceFacts(
      'Facturan 120.000.000 €, crecen un 12 por ciento desde 2019 y hay 1,2 millones de hogares.',
    );
    for (const fact of factsOf('120 M€, un 12 %, desde 2019, 1.200.000 hogares')) {
      expect([fact.label, sourceHas(source, fact)]).toEqual([fact.label, true]);
    }
    expect(
      factsOf('Según el INE y de acuerdo con la Asociación Española del Café').map((f) => f.key),
    ).toEqual(['o:ine', 'o:asociacion espanola del cafe']);
  });
});

describe('a claim checked against its sources', () => {
  it('stands with a quote when the source says it, and falls with the reason when it does not', () => {
    expect(supportOf('El sector creció un 6 % el último año [1].', [{ number: 1, text: PAGE }])).toEqual({
      supported: true,
      source: 1,
      quote:
        'El sector creció un 6 % el último año según la asociación empresarial del país, con más clientes dispuestos a pagar por calidad.',
    });
    expect(supportOf('El sector creció un 12 % el último año [1].', [{ number: 1, text: PAGE }])).toEqual({
      supported: false,
      reason: 'la fuente no dice 12 %',
    });
    expect(supportOf('Según el INE, el sector creció un 6 % [1].', [{ number: 1, text: PAGE }])).toEqual({
      supported: false,
      reason: 'la fuente no nombra a INE',
    });
    expect(
      supportOf('Los turistas alquilan bicicletas eléctricas [1].', [{ number: 1, text: PAGE }]),
    ).toMatchObject({
      supported: false,
    });
  });

  it('downgrades a figure the page does not contain, keeps the reason, and drops the attribution', () => {
    const { claims } = checkClaims(
      [
        { text: 'Según el INE, el mercado vale 120 M€ y crece un 12 % [1].', kind: 'fuente', sources: [1] },
        { text: 'Hay 1.200 cafeterías de especialidad [1].', kind: 'fuente', sources: [1] },
      ],
      [{ number: 1, url: 'https://datos.example/sector', text: PAGE }],
      'web',
      'mercado',
    );
    expect(claims[0]).toEqual({
      text: 'El mercado vale 120 M€ y crece un 12 % (atribuido a INE; sin verificar).',
      kind: 'estimacion',
      sources: [],
      downgraded: 'la fuente no dice 12 %',
    });
    expect(claims[1]).toMatchObject({ kind: 'fuente', sources: [1], quote: { source: 1 } });
    expect(claims[1]?.quote?.text).toContain('1.200 cafeterías');
  });

  it('drops what is left of a claim that was mostly addresses', () => {
    const { claims, review } = checkClaims(
      [{ text: 'Más en www.ejemplo-malo.es y //enlace-raro.example/x.', kind: 'estimacion', sources: [] }],
      [],
      'web',
      'mercado',
    );
    expect(claims).toEqual([]);
    expect(review.links_removed).toBe(2);
  });

  it('says an attribution in mode model is not verified', () => {
    expect(dropAttribution('Hay 800 cafeterías en España, según el INE.')).toBe(
      'Hay 800 cafeterías en España (atribuido a INE; sin verificar).',
    );
  });
});

describe('reading a page and ranking the web', () => {
  it('finds the passage that answers, far beyond the first 2,400 characters', () => {
    const filler = 'Los vecinos pasearon por el parque durante una semana soleada y tranquila. '.repeat(60);
    const text = `${filler}Para abrir una cafetería hace falta una licencia de actividad del ayuntamiento. ${filler}`;
    const [best] = rankPassages(text, '¿Qué licencia hace falta para abrir una cafetería?', 3);
    expect(text.indexOf('licencia de actividad')).toBeGreaterThan(2_400);
    expect(best?.text).toContain('licencia de actividad del ayuntamiento');
  });

  it('puts the country’s official sources first and each page once', () => {
    const ranked = rankResults(
      [
        { url: 'https://blog.example/cafe?utm_source=x', title: 'Blog', snippet: '' },
        { url: 'https://blog.example/cafe/', title: 'Blog', snippet: '' },
        { url: 'https://www.ine.es/estadisticas/cafe', title: 'INE', snippet: '' },
      ],
      'España',
    );
    expect(ranked.map((r) => r.title)).toEqual(['INE', 'Blog']);
  });

  it('tells a Spanish claim from an English one', () => {
    expect(
      isSpanish('Supuesto: hay clientes dispuestos a pagar. Experimento: consigue cinco pagos anticipados.'),
    ).toBe(true);
    expect(isSpanish('The market for this business is growing and the customers are willing to pay.')).toBe(
      false,
    );
    expect(isSpanish('Starbucks, 12 %')).toBe(true);
  });
});

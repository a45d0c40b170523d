import type { ReportSection } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import { checkCitations, isMostlySpanish } from './check.ts';

const sources = [
  { number: 1, url: 'https://ejemplo.es/a' },
  { number: 2, url: 'https://ejemplo.es/b' },
];
const section = (claims: ReportSection['claims'], key: ReportSection['key'] = 'precios'): ReportSection => ({
  key,
  title: 'Precios',
  claims,
  score: null,
});

describe('citations grounded by construction', () => {
  it('keeps stored numbers and URLs, removes invented ones, and downgrades an uncited source claim', () => {
    const { section: checked, removed } = checkCitations(
      section([
        { text: 'Crece un 12 % [1] y más [9].', kind: 'fuente', sources: [1, 9] },
        { text: 'Ver https://inventada.example/x y https://ejemplo.es/b. [2]', kind: 'fuente', sources: [] },
        { text: 'Según [7], se duplicará.', kind: 'fuente', sources: [7] },
      ]),
      sources,
      'web',
    );
    expect(checked.claims).toEqual([
      { text: 'Crece un 12 % [1] y más.', kind: 'fuente', sources: [1] },
      { text: 'Ver y https://ejemplo.es/b. [2]', kind: 'fuente', sources: [2] },
      { text: 'Según, se duplicará.', kind: 'estimacion', sources: [] },
    ]);
    expect(removed).toBe(5);
  });

  it('leaves no citation and no URL without sources, and adds the advice to regulation', () => {
    const { section: checked } = checkCitations(
      section(
        [{ text: 'Licencia municipal [1] https://ejemplo.es/a', kind: 'fuente', sources: [1] }],
        'regulacion',
      ),
      sources,
      'model',
    );
    expect(checked.claims).toEqual([
      { text: 'Licencia municipal Verifícalo con una gestoría.', kind: 'modelo', sources: [] },
    ]);
  });

  it('tells Spanish from English', () => {
    expect(isMostlySpanish('El mercado de la zona crece y los clientes pagan más por la calidad.')).toBe(
      true,
    );
    expect(isMostlySpanish('The market in the area is growing and the customers pay more for quality.')).toBe(
      false,
    );
  });
});

import { SEARCH_MARK_END as E, SEARCH_MARK_START as S } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import { buildSnippet, markedWords, unaccent } from './search-snippet.ts';

describe('a search snippet', () => {
  it('marks the found words in the original text, accents and case kept', () => {
    const words = markedWords(`La ${S}financiacion${E} y la ${S}Financiacion${E}`);
    expect(words).toEqual(['financiacion']);
    expect(buildSnippet('La **Financiación** pública', words)).toBe(`La ${S}Financiación${E} pública`);
    expect(unaccent('Año y acción')).toBe('Ano y accion');
  });

  it('cuts long text around the first match, on whole words', () => {
    const text = `${'antes '.repeat(50)}ronda de financiación ${'después '.repeat(50)}`;
    const snippet = buildSnippet(text, ['financiacion']);
    expect(snippet.startsWith('… antes')).toBe(true);
    expect(snippet.endsWith('después …')).toBe(true);
    expect(snippet).toContain(`ronda de ${S}financiación${E}`);
    expect(snippet.length).toBeLessThan(260);
  });

  it('starts at the beginning when nothing matches, and drops marks found in the text', () => {
    expect(buildSnippet(`Hola ${S}mundo${E}`, [])).toBe('Hola mundo');
    expect(buildSnippet('| Plan | Coste |\n| --- | --- |\n## Precio', ['precio'])).toBe(
      `Plan Coste ${S}Precio${E}`,
    );
  });
});

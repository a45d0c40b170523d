import { describe, expect, it } from 'vitest';
import { linkCitations } from './report-citations.tsx';

describe('an answer that cites the report', () => {
  it('links the report’s sources by number and leaves out the others', () => {
    const sources = new Map([[1, { url: 'https://ejemplo.es/a', title: 'A' }]]);
    expect(linkCitations('Crece un 8 % [1], según [7]. Ver [enlace](https://x.es).', sources)).toBe(
      'Crece un 8 % [\\[1\\]](https://ejemplo.es/a), según . Ver [enlace](https://x.es).',
    );
  });
});

import type { ResearchReport } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import { reportMetrics } from './metrics.ts';

const report = (claims: ResearchReport['sections'][number]['claims']): ResearchReport =>
  ({
    sources: [{ number: 1, url: 'https://ejemplo.es/a', title: 'A', excerpt: '', fetched_at: '' }],
    sections: [{ key: 'resumen', title: 'Resumen', score: null, claims }],
  }) as unknown as ResearchReport;

describe('the evaluation’s measures', () => {
  it('counts every citation that is not a stored source, and the Spanish claims', () => {
    const metrics = reportMetrics(
      report([
        { text: 'Crece un 12 % [1] según https://ejemplo.es/a.', kind: 'fuente', sources: [1] },
        { text: 'Según [4] y https://inventada.example, se duplicará.', kind: 'fuente', sources: [4] },
        { text: 'The market is growing for the customers.', kind: 'modelo', sources: [] },
      ]),
    );
    expect(metrics).toEqual({ sections: 1, inventedCitations: 3, kindShare: 1, spanishShare: 2 / 3 });
  });
});

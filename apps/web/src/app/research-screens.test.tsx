import type { LatestResearch, Research, ResearchEvent, ResearchReport } from '@rumbo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicConfig } from '../config/public-config.ts';
import { ResearchNotice } from '../features/chat/components/research-notice.tsx';
import { StatusLines } from '../features/chat/components/status-lines.tsx';
import { ReportScreen } from '../features/research/components/report-screen.tsx';
import { reportMarkdown } from '../features/research/report-markdown.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';

/** Market research on screen (ADR 0048): the notice follows the real run, the status line, and the report. */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** EventSource as the browser's, driven by the test. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  emit(event: Partial<ResearchEvent>) {
    this.onmessage?.({
      data: JSON.stringify({
        seq: 1,
        type: 'stage',
        label: '',
        stage: 'planning',
        progress: 0,
        at: '',
        ...event,
      }),
    });
  }
  close() {
    this.closed = true;
  }
}

function run(overrides: Partial<Research> = {}): Research {
  return {
    id: 31,
    business_id: 5,
    status: 'running',
    mode: 'web',
    stage: 'gathering',
    progress: 0.2,
    error: null,
    partial: false,
    tokens_used: 1200,
    max_tokens: 50000,
    sources_count: 2,
    created_at: new Date().toISOString(),
    started_at: new Date().toISOString(),
    completed_at: null,
    ...overrides,
  };
}

const latest = (research: Research | null, extra: Partial<LatestResearch> = {}): LatestResearch => ({
  research,
  last_completed_at: null,
  last_completed_id: null,
  can_refresh: false,
  last_researched_at: extra.last_completed_at ?? null,
  ...extra,
});

describe('the capacity notification with a research run', () => {
  it('shows the run’s real stage and progress, and completes when the report is stored', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let answer = latest(run());
    stubFetch({ 'GET /api/businesses/5/research': () => ({ body: answer }) });
    renderWithRouter(<ResearchNotice start={Date.now()} businessId={5} businessName="Oliva" planId={7} />);
    expect(await screen.findByText('Reuniendo información · 20 %')).toBeTruthy();
    const source = FakeEventSource.opened[0] as FakeEventSource;
    expect(source.url).toBe('/api/researches/31/events');
    source.emit({
      seq: 5,
      type: 'section',
      label: 'Sección escrita: Precios',
      stage: 'writing',
      progress: 0.6,
    });
    expect(await screen.findByText('Sección escrita: Precios · 60 %')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');

    answer = latest(run({ status: 'completed', stage: 'done', progress: 1 }), { last_completed_id: 31 });
    source.emit({
      seq: 6,
      type: 'completed',
      label: 'Estudio de mercado terminado',
      stage: 'done',
      progress: 1,
    });
    expect(await screen.findByText('Tu mentor ya está preparado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver estudio de mercado' }).getAttribute('href')).toBe(
      '/report/5',
    );
    expect(source.closed).toBe(true);
  });

  it('follows the new run after a retry of a run that failed while watched', async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const reason = 'No se pudo planificar la investigación. Puedes reintentarla.';
    let answer = latest(run({ stage: 'planning', progress: 0.05 }));
    stubFetch({
      'GET /api/businesses/5/research': () => ({ body: answer }),
      'POST /api/researches': () => {
        answer = latest(run({ id: 32, status: 'pending', stage: 'queued', progress: 0 }));
        return { status: 202, body: answer.research };
      },
    });
    renderWithRouter(<ResearchNotice start={Date.now()} businessId={5} businessName="Oliva" planId={7} />);
    await screen.findByText('Planificando las preguntas · 5 %');
    answer = latest(run({ status: 'failed', error: reason }));
    (FakeEventSource.opened[0] as FakeEventSource).emit({
      seq: 2,
      type: 'failed',
      label: reason,
      stage: 'done',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('En cola · 2 %')).toBeTruthy();
    expect(screen.queryByText(reason)).toBeNull();
    expect(FakeEventSource.opened.at(-1)?.url).toBe('/api/researches/32/events');
  });

  it('says clearly that the run failed and retries it', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const failed = run({
      status: 'failed',
      error: 'No se pudo planificar la investigación. Puedes reintentarla.',
    });
    let answer = latest(failed);
    const network = stubFetch({
      'GET /api/businesses/5/research': () => ({ body: answer }),
      'POST /api/researches': () => {
        answer = latest(run({ id: 32, status: 'pending', stage: 'queued', progress: 0 }));
        return { status: 202, body: answer.research };
      },
    });
    renderWithRouter(<ResearchNotice start={Date.now()} businessId={5} businessName="Oliva" planId={7} />);
    const notice = await screen.findByRole('complementary', {
      name: 'No pudimos terminar el estudio de mercado',
    });
    expect(
      within(notice).getByText('No se pudo planificar la investigación. Puedes reintentarla.'),
    ).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('En cola · 2 %')).toBeTruthy();
    expect(network.callsTo('POST /api/researches')[0]?.body).toEqual({
      max_tokens: 50000,
      business_id: 5,
      sync_generation: false,
    });
  });
});

describe('the status line', () => {
  it('counts from the last completed research while a newer one works, and says when one is under way', async () => {
    const completedAt = new Date(Date.now() - 3 * 60_000).toISOString();
    stubFetch({
      'GET /api/businesses/5/research': {
        body: latest(run({ created_at: new Date().toISOString() }), { last_completed_at: completedAt }),
      },
      'GET /api/businesses/6/research': { body: latest(run({ business_id: 6 })) },
    });
    renderWithRouter(
      <>
        <StatusLines businessId={5} planId={7} />
        <StatusLines businessId={6} planId={7} />
      </>,
    );
    expect(await screen.findByText('Hace 3 minutos')).toBeTruthy();
    expect(await screen.findByText('En curso')).toBeTruthy();
  });
});

const REPORT: ResearchReport = {
  ...run({ status: 'completed', stage: 'done', progress: 1, completed_at: '2026-11-20T10:00:00.000Z' }),
  business_name: 'Oliva Directa',
  duration_ms: 95_000,
  missing: ['No se pudo investigar: ¿Qué precios cobran los competidores?'],
  sources: [
    {
      number: 1,
      url: 'https://ejemplo.es/aceite',
      title: 'El mercado del aceite',
      excerpt: '',
      fetched_at: '',
    },
  ],
  sections: [
    {
      key: 'resumen',
      title: 'Resumen',
      score: null,
      claims: [
        {
          text: 'El aceite premium crece un **8 %** [1].',
          kind: 'fuente',
          sources: [1],
          quote: { source: 1, text: 'El aceite premium creció un 8 % en 2025 según la patronal.' },
        },
        {
          text: 'El mercado vale 120 M€ (atribuido a INE; sin verificar).',
          kind: 'estimacion',
          sources: [],
          downgraded: 'la fuente no dice 120 M€',
        },
      ],
    },
    {
      key: 'viabilidad',
      title: 'Viabilidad',
      score: 7,
      claims: [{ text: 'Viable porque hay demanda.', kind: 'estimacion', sources: [] }],
    },
  ],
  review: {
    checked: 2,
    supported: 1,
    downgraded: 1,
    instructions_removed: 1,
    links_removed: 2,
    not_spanish: ['The market is growing.'],
  },
  questions: [
    {
      question: '¿Cuánto crece el aceite premium?',
      queries: ['aceite premium mercado', 'aceite premium INE'],
      sources: [1],
      fallback: false,
      sections: ['mercado'],
    },
    {
      question: '¿Qué precios cobran los competidores?',
      queries: ['precio aceite premium'],
      sources: [],
      fallback: true,
      sections: ['precios'],
    },
  ],
};

describe('the report screen', () => {
  it('shows the sections, each claim’s kind and numbered sources opening in a new tab', async () => {
    stubFetch({
      'GET /api/businesses/5/research': {
        body: latest(run({ status: 'completed' }), { last_completed_id: 31 }),
      },
      'GET /api/researches/31': { body: REPORT },
    });
    renderWithRouter(<ReportScreen businessId={5} planId={7} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estudio de mercado de Oliva Directa' }),
    ).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'Contenido' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#resumen', '#viabilidad']);
    expect(screen.getByText('Investigación con fuentes de internet')).toBeTruthy();
    expect(screen.getByText('Fuente')).toBeTruthy();
    expect(screen.getAllByText('Estimación')).toHaveLength(2);
    expect(screen.getByText('Puntuación de viabilidad: 7/10')).toBeTruthy();
    expect(screen.getByText('No se pudo investigar: ¿Qué precios cobran los competidores?')).toBeTruthy();
    const cite = screen.getByRole('link', {
      name: 'Fuente 1: El mercado del aceite (se abre en otra pestaña)',
    });
    expect(cite.getAttribute('href')).toBe('https://ejemplo.es/aceite');
    expect(cite.getAttribute('target')).toBe('_blank');
    expect(cite.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('button', { name: 'Actualizar estudio' })).toBeNull();
    // What the check did, in the header; the quote of a sourced claim and the reason of a downgraded one.
    expect(screen.getByTestId('review-counts').textContent).toBe(
      '2 afirmaciones con fuente revisadas: 1 respaldada por su fuente, 1 pasada a estimación.',
    );
    expect(
      screen.getByText('Se quitaron 1 frase con instrucciones y 2 enlaces que no eran fuentes del estudio.'),
    ).toBeTruthy();
    expect(screen.getByText('The market is growing.')).toBeTruthy();
    expect(screen.getByText(/Sin páginas leídas para 1 pregunta/)).toBeTruthy();
    expect(
      screen.getByText('Cita: «El aceite premium creció un 8 % en 2025 según la patronal.»'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fuente [1]: El mercado del aceite' }).getAttribute('href')).toBe(
      'https://ejemplo.es/aceite',
    );
    expect(screen.getByText('Pasada a estimación: la fuente no dice 120 M€.')).toBeTruthy();
    // The claim is text: its emphasis marks and markers are not shown, nothing in it is a link.
    expect(screen.getByText('El aceite premium crece un 8 %.')).toBeTruthy();
    // How each question was researched.
    expect(screen.getByRole('heading', { level: 2, name: 'Cómo se investigó' })).toBeTruthy();
    expect(screen.getByText('Búsquedas: «aceite premium mercado», «aceite premium INE»')).toBeTruthy();
    expect(screen.getByText('1 fuente leída: [1]')).toBeTruthy();
    expect(screen.getByText('Sin páginas leídas: conocimiento del modelo')).toBeTruthy();
  });

  it('offers a refresh within the plan, and shows the plan’s refusal in Spanish', async () => {
    const message =
      'Ya usaste la investigación de mercado de este periodo. Mejora al plan CEO para investigar sin límite.';
    stubFetch({
      'GET /api/businesses/5/research': {
        body: latest(run({ status: 'completed' }), { last_completed_id: 31, can_refresh: true }),
      },
      'GET /api/researches/31': { body: REPORT },
      'POST /api/researches': { status: 403, body: { code: 'RESEARCH_NOT_ALLOWED', message } },
    });
    renderWithRouter(<ReportScreen businessId={5} planId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actualizar estudio' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says so when there is no study yet, and downloads the report as Markdown', async () => {
    stubFetch({ 'GET /api/businesses/5/research': { body: latest(null) } });
    renderWithRouter(<ReportScreen businessId={5} planId={7} />);
    expect(await screen.findByText('Todavía no hay estudio de mercado para este negocio.')).toBeTruthy();
    const markdown = reportMarkdown(REPORT);
    expect(markdown).toContain('# Estudio de mercado de Oliva Directa');
    expect(markdown).toContain('- El aceite premium crece un **8 %**. [1] _(Fuente)_');
    expect(markdown).toContain('  > Cita [1]: «El aceite premium creció un 8 % en 2025 según la patronal.»');
    expect(markdown).toContain('**Puntuación de viabilidad: 7/10**');
    expect(markdown).toContain('1. [El mercado del aceite](https://ejemplo.es/aceite)');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Descargar Markdown' })).toBeNull());
  });
});

describe('screens true to the research state (ADR 0049)', () => {
  const SCAFFOLD: ResearchReport = {
    ...REPORT,
    mode: 'none',
    sources: [],
    missing: [],
    questions: [],
    review: {
      checked: 0,
      supported: 0,
      downgraded: 0,
      instructions_removed: 0,
      links_removed: 0,
      not_spanish: [],
    },
    sections: [
      {
        key: 'dafo',
        title: 'DAFO',
        claims: [
          {
            text: 'Fortalezas: anota lo que haces mejor que las alternativas.',
            kind: 'plantilla',
            sources: [],
          },
        ],
        score: null,
      },
    ],
  };

  it('shows a template with no badge on its lines, and a status line that does not count it as research', async () => {
    stubFetch({
      'GET /api/businesses/5/research': {
        body: latest(run({ status: 'completed', mode: 'none', stage: 'done', progress: 1 }), {
          last_completed_at: new Date().toISOString(),
          last_completed_id: 31,
          last_researched_at: null,
        }),
      },
      'GET /api/researches/31': { body: SCAFFOLD },
    });
    renderWithRouter(
      <>
        <ReportScreen businessId={5} planId={7} />
        <StatusLines businessId={5} planId={7} />
      </>,
    );
    expect(
      await screen.findByText('Fortalezas: anota lo que haces mejor que las alternativas.'),
    ).toBeTruthy();
    expect(screen.getByText('Plantilla para completar: no se ha investigado nada')).toBeTruthy();
    expect(screen.queryByText('Estimación')).toBeNull();
    expect(await screen.findByText('Ninguna (solo una plantilla)')).toBeTruthy();
    expect(screen.queryByText(/^Hace /)).toBeNull();
    // No search provider here (the default config): a CEO plan's advanced sources are not 'Activado'.
    expect(screen.getByText('Sin buscador: conocimiento del modelo')).toBeTruthy();
    expect(screen.queryByText('Activado')).toBeNull();
  });

  it('offers «Empezar estudio» when the plan allows one and there is no report, and starts it', async () => {
    const network = stubFetch({
      'GET /api/businesses/5/research': { body: latest(null, { can_refresh: true }) },
      'POST /api/researches': { status: 202, body: run({ status: 'pending' }) },
    });
    renderWithRouter(<ReportScreen businessId={5} planId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Empezar estudio' }));
    await waitFor(() => expect(network.callsTo('POST /api/researches')).toHaveLength(1));
  });

  it('offers «Mejorar plan», not a start, on a plan without research', async () => {
    stubFetch({ 'GET /api/businesses/5/research': { body: latest(run({ status: 'disabled' })) } });
    renderWithRouter(<ReportScreen businessId={5} planId={9} />);
    expect(
      await screen.findByText(
        'Tu plan no incluye investigaciones de mercado. Mejora tu plan para activarlas.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mejorar plan' }).getAttribute('href')).toBe('/profile/sub');
    expect(screen.queryByRole('button', { name: 'Empezar estudio' })).toBeNull();
  });

  it('says the model-only viability score is the model’s estimate', async () => {
    stubFetch({
      'GET /api/businesses/5/research': {
        body: latest(run({ status: 'completed' }), { last_completed_id: 31 }),
      },
      'GET /api/researches/31': { body: { ...REPORT, mode: 'model' } },
    });
    renderWithRouter(<ReportScreen businessId={5} planId={5} />);
    expect(
      await screen.findByText('Puntuación de viabilidad (estimación del modelo, sin fuentes): 7/10'),
    ).toBeTruthy();
  });

  it('in demo mode labels the study and every one of its lines as an example', async () => {
    publicConfig.demo = true;
    try {
      stubFetch({
        'GET /api/businesses/5/research': {
          body: latest(run({ status: 'completed' }), { last_completed_id: 31 }),
        },
        'GET /api/researches/31': {
          body: {
            ...REPORT,
            mode: 'model',
            sources: [],
            sections: REPORT.sections.map((section) => ({
              ...section,
              claims: section.claims.map((claim) => ({ ...claim, kind: 'modelo', sources: [] })),
            })),
          },
        },
      });
      renderWithRouter(<ReportScreen businessId={5} planId={5} />);
      expect(await screen.findByText('Ejemplo de demostración: no es una investigación real')).toBeTruthy();
      expect(screen.getAllByText('Ejemplo', { exact: true })).toHaveLength(3);
      expect(screen.queryByText('Conocimiento del modelo')).toBeNull();
    } finally {
      delete publicConfig.demo;
    }
  });
});

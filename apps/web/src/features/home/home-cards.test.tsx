import type { LatestResearch, Research } from '@rumbo/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleEstablished, sampleIdea } from '../../test/businesses.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { BusinessesCard } from './components/businesses-card.tsx';
import { LatestChatCard } from './components/latest-chat-card.tsx';
import type { ResearchState } from './components/research-badge.tsx';
import { FeedbackCard, TutorialCard } from './home-cards.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const run = (overrides: Partial<Research>): LatestResearch => ({
  research: {
    id: 1,
    business_id: 4,
    status: 'completed',
    mode: 'model',
    stage: 'done',
    progress: 1,
    error: null,
    partial: false,
    tokens_used: 0,
    max_tokens: 50000,
    sources_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    started_at: null,
    completed_at: null,
    ...overrides,
  } as Research,
  last_completed_at: null,
  last_completed_id: null,
  can_refresh: false,
  last_researched_at: null,
});

describe('the home’s businesses card (ADR 0047)', () => {
  const props = { failed: false, onRetry: () => {}, researchOf: (): ResearchState => 'loading' };

  it('says it is loading, then offers to create the first business when there is none', () => {
    const { unmount } = renderWithRouter(<BusinessesCard {...props} businesses={undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Cargando tus negocios…');
    unmount();
    renderWithRouter(<BusinessesCard {...props} businesses={[]} />);
    expect(screen.getByText('Aún no tienes negocios: crea el primero.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Crear mi primer negocio/ }).getAttribute('href')).toBe(
      '/new-business',
    );
  });

  it('lists each business with its research state, linking to its chat', () => {
    const states: Record<number, ResearchState> = {
      1: run({ status: 'completed' }),
      2: run({ status: 'running', progress: 0.4 }),
      3: run({ status: 'failed' }),
      4: run({ status: 'disabled' }),
      5: {
        research: null,
        last_completed_at: null,
        last_completed_id: null,
        can_refresh: true,
        last_researched_at: null,
      },
      6: 'loading',
      7: run({ status: 'completed', mode: 'none' }),
    };
    const businesses = [
      sampleIdea({ id: 1, name: 'Uno' }),
      sampleEstablished({ id: 2, name: 'Dos' }),
      sampleIdea({ id: 3, name: 'Tres' }),
      sampleIdea({ id: 4, name: 'Cuatro' }),
      sampleIdea({ id: 5, name: 'Cinco' }),
      sampleIdea({ id: 6, name: 'Seis' }),
      sampleIdea({ id: 7, name: 'Siete' }),
    ];
    renderWithRouter(
      <BusinessesCard {...props} businesses={businesses} researchOf={(id) => states[id] ?? 'loading'} />,
    );
    const link = (name: string) => screen.getByRole('link', { name: `Abrir el chat de ${name}` });
    expect(link('Uno').getAttribute('href')).toBe('/chat/idea/1');
    expect(link('Dos').getAttribute('href')).toBe('/chat/established/2');
    expect(within(link('Uno')).getByText('Investigación lista')).toBeTruthy();
    expect(within(link('Dos')).getByText('Investigando… 40 %')).toBeTruthy();
    // The stage under the name the wizard and the dashboard give it.
    expect(within(link('Dos')).getByText('Empresa consolidada')).toBeTruthy();
    expect(within(link('Uno')).getByText('Idea de negocio')).toBeTruthy();
    expect(within(link('Tres')).getByText('Falló la investigación')).toBeTruthy();
    expect(within(link('Cuatro')).getByText('Desactivada en tu plan')).toBeTruthy();
    expect(within(link('Cinco')).getByText('Sin investigación de mercado')).toBeTruthy();
    expect(within(link('Seis')).getByText('Consultando la investigación…')).toBeTruthy();
    // Without a model (or in demo mode) the report is a template: it is not called research.
    expect(within(link('Siete')).getByText('Plantilla de estudio lista')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver todos' }).getAttribute('href')).toBe('/chats');
  });

  it('says when the list could not load, with a retry', () => {
    const onRetry = vi.fn();
    renderWithRouter(<BusinessesCard {...props} businesses={undefined} failed onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('No hemos podido cargar tus negocios.');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('“Continuar la última conversación” (ADR 0047)', () => {
  it('opens the latest thread in its business, saying which and when', () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    renderWithRouter(
      <LatestChatCard
        failed={false}
        latest={{
          chat: {
            id: 31,
            title: 'Precios de verano',
            business_id: 9,
            business_name: 'Panadería Sol',
            business_stage: 'established',
            active_at: fiveMinutesAgo,
          },
        }}
      />,
    );
    expect(screen.getByText('Panadería Sol')).toBeTruthy();
    expect(screen.getByText('Precios de verano')).toBeTruthy();
    expect(screen.getByText('Última actividad hace 5 minutos')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Continuar: Precios de verano' });
    expect(link.getAttribute('href')).toBe('/chat/established/9?chat=31');
  });

  it('has an empty state when the user has not talked to the mentor yet, and a loading one', () => {
    const { unmount } = renderWithRouter(<LatestChatCard failed={false} latest={undefined} />);
    expect(screen.getByRole('status').textContent).toBe('Buscando tu última conversación…');
    unmount();
    renderWithRouter(<LatestChatCard failed={false} latest={{ chat: null }} />);
    expect(screen.getByText(/Todavía no has hablado con tu mentor/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the feedback card (product.md §2.9, ADR 0047)', () => {
  it('opens the configured contact page in a new tab', () => {
    render(<FeedbackCard url="https://ayuda.example/contacto" page="/" />);
    const link = screen.getByRole('link', { name: /Enviar comentarios/ });
    expect(link.getAttribute('href')).toBe('https://ayuda.example/contacto');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('(se abre en una pestaña nueva)');
  });

  it('without one, sends the comment from the app and thanks the user', async () => {
    const api = stubFetch({ 'POST /api/feedback': { status: 201, body: { id: 1, message: 'ok' } } });
    renderWithRouter(<FeedbackCard url={undefined} page="/" />);
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Escribe tu comentario');
    expect(api.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Tu comentario'), { target: { value: ' Quiero modo oscuro ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Gracias, hemos recibido tu comentario',
    );
    expect(api.callsTo('POST /api/feedback')[0]?.body).toEqual({ message: 'Quiero modo oscuro', page: '/' });
  });

  it('shows the server’s reason when a comment is refused (too many in a row)', async () => {
    stubFetch({
      'POST /api/feedback': {
        status: 429,
        body: { code: 'TOO_MANY_REQUESTS', message: 'Has hecho demasiadas peticiones seguidas.' },
      },
    });
    renderWithRouter(<FeedbackCard url={undefined} page="/" />);
    fireEvent.change(screen.getByLabelText('Tu comentario'), { target: { value: 'Otra idea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Has hecho demasiadas peticiones seguidas.',
    );
  });
});

describe('the tutorial card', () => {
  it('links the configured video in a new tab (no embedded frame)', () => {
    const { container } = render(
      <TutorialCard productName="Rumbo" videoUrl="https://videos.example/tutorial" />,
    );
    expect(screen.getByRole('heading', { name: 'Aprende a usar Rumbo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ver el tutorial/ }).getAttribute('target')).toBe('_blank');
    expect(container.querySelector('iframe')).toBeNull();
  });
});

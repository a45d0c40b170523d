import type { AdminAuditEntry, AdminFailedResearch, AdminOverview, AdminUser } from '@rumbo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubLayoutObservers } from '../test/browser-stubs.ts';
import { productUser, type StubRoute, sessionBody, stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

/** The operator's console at /admin (issue 15): who sees it, its figures and its three actions. */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The root waits 1 s after the page starts (product.md §2.2).
const SLOW = { timeout: 3000 };
const DAY_MS = 86_400_000;
const utcDay = (msAgo = 0) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

function overview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    period: { from: '2026-05-01', to: '2026-05-03' },
    signups_per_day: [
      { day: '2026-05-01', count: 3 },
      { day: '2026-05-02', count: 4 },
    ],
    funnel: { registered: 200, onboarded: 150, plan_chosen: 100, business_created: 50, first_answer: 25 },
    active_users: 12,
    active_users_per_day: [{ day: '2026-05-01', count: 9 }],
    answers_per_day: [
      { day: '2026-05-01', answers: 30, failed: 4 },
      { day: '2026-05-02', answers: 10, failed: 6 },
    ],
    credits_spent: 1234,
    users_per_plan: [
      { plan_id: 9, name: 'Starter', users: 150 },
      { plan_id: 7, name: 'CEO', users: 40 },
      { plan_id: 5, name: 'Founder', users: 10 },
    ],
    monthly_recurring_revenue_eur: 1240.5,
    research: {
      by_state: [
        { state: 'pending', count: 2 },
        { state: 'failed', count: 1 },
      ],
      median_seconds: 95,
      p95_seconds: null,
    },
    top_pages: [{ page: '/chats', views: 321 }],
    utm_sources: [],
    ...overrides,
  };
}

function user(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    email: 'ana@example.com',
    full_name: 'Ana Pérez',
    plan_id: 7,
    credits: 100,
    businesses: 2,
    created_at: '2026-01-10T10:00:00.000Z',
    last_seen: null,
    ...overrides,
  };
}

const failedRun: AdminFailedResearch = {
  id: 31,
  business_id: 5,
  business_name: 'Oliva Directa',
  user_email: 'ana@example.com',
  error: 'No se pudo planificar la investigación.',
  failed_at: '2026-05-02T09:00:00.000Z',
};

const grantEntry: AdminAuditEntry = {
  id: 1,
  admin_email: 'ops@example.com',
  action: 'grant_credits',
  target_user_id: 7,
  details: { amount: 50, reason: 'Compensación por la caída' },
  created_at: '2026-05-02T10:00:00.000Z',
};

const emptyFeedback = {
  comments: [],
  comments_total: 0,
  ratings: [],
  ratings_total: 0,
  page: 1,
  page_size: 20,
};

function signedIn(role: string, routes: Record<string, StubRoute> = {}) {
  return stubFetch({
    'GET /api/auth/get-session': { body: sessionBody() },
    'GET /api/users/me': { body: { ...productUser(), role } },
    'GET /api/admin/overview': { body: overview() },
    'GET /api/admin/users': { body: { users: [user()], total: 1, page: 1, page_size: 20 } },
    'GET /api/admin/researches/failed': { body: { researches: [] } },
    'GET /api/admin/audit': { body: { entries: [] } },
    'GET /api/admin/feedback': { body: emptyFeedback },
    ...routes,
  });
}

const openConsole = () => renderWithRouter(createRoutes, { path: '/admin' });

/** The text of the summary card whose label is `label`. */
function figure(label: string): string {
  const terms = screen.getAllByRole('term').filter((term) => term.textContent === label);
  expect(terms).toHaveLength(1);
  return (terms[0]?.parentElement?.textContent ?? '').replace(/\s+/g, ' ');
}

describe('who sees the console', () => {
  it('shows a signed-in user who is not an operator a page that does not exist, and asks nothing of the admin API', async () => {
    const network = signedIn('user');
    openConsole();
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Consola de operación' })).toBeNull();
    expect(network.calls.filter((call) => call.path.startsWith('/api/admin'))).toHaveLength(0);
  });
});

describe('the period figures', () => {
  it('asks for the last 30 UTC days and shows the summary, the funnel and the tables', async () => {
    const network = signedIn('admin');
    openConsole();
    expect(await screen.findByRole('heading', { name: 'Consola de operación' }, SLOW)).toBeTruthy();
    await screen.findByText('Embudo de activación');

    const asked = network.callsTo('GET /api/admin/overview')[0]?.url.searchParams;
    expect(asked?.get('to')).toBe(utcDay());
    expect(asked?.get('from')).toBe(utcDay(29 * DAY_MS));
    expect(screen.getByRole('button', { name: 'Últimos 30 días' }).getAttribute('aria-pressed')).toBe('true');

    expect(figure('Altas')).toBe('Altas7');
    expect(figure('Usuarios activos')).toBe('Usuarios activos12');
    expect(figure('Respuestas')).toBe('Respuestas4010 fallidas (25 %)');
    expect(figure('Créditos gastados')).toBe('Créditos gastados1.234');
    expect(figure('Ingresos recurrentes mensuales')).toContain('1.240,50 €');
    expect(figure('Investigación de mercado')).toBe('Investigación de mercadoMediana: 1 min 35 sp95: —');

    const funnel = screen.getByRole('region', { name: 'Embudo de activación' });
    const steps = within(funnel)
      .getAllByRole('listitem')
      .map((step) => step.textContent?.replace(/\s+/g, ' '));
    expect(steps).toEqual([
      'Registrados200 · 100 % de los registrados',
      'Con onboarding150 · 75 % de los registrados',
      'Con plan100 · 50 % de los registrados',
      'Con negocio50 · 25 % de los registrados',
      'Con primera respuesta25 · 12,5 % de los registrados',
    ]);

    const plans = screen.getByRole('region', { name: 'Usuarios por plan' });
    expect(within(plans).getByRole('cell', { name: 'Founder' })).toBeTruthy();
    expect(within(plans).getByRole('cell', { name: 'CEO · 600 créditos/mes' })).toBeTruthy();
    expect(within(plans).getByText('Ingresos recurrentes mensuales: 1.240,50 €')).toBeTruthy();
    const states = screen.getByRole('region', { name: 'Investigaciones por estado' });
    expect(within(states).getByRole('cell', { name: 'En cola' })).toBeTruthy();
    expect(within(states).getByRole('cell', { name: 'Fallida' })).toBeTruthy();
    const utm = screen.getByRole('region', { name: 'Fuentes UTM' });
    expect(within(utm).getByText('Sin datos en este periodo')).toBeTruthy();
    // Each chart has its data as a table for screen readers.
    expect(await screen.findByRole('table', { name: 'Datos del gráfico «Respuestas por día»' })).toBeTruthy();
  });

  it('draws each chart at the width of its card, named for assistive technology', async () => {
    // jsdom lays nothing out: every box measures as a card would.
    stubLayoutObservers();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 600, 240));
    signedIn('admin');
    openConsole();
    await screen.findByText('Embudo de activación', {}, SLOW);
    const charts = await screen.findAllByRole('application');
    expect(charts.map((chart) => chart.querySelector('title')?.textContent)).toEqual([
      'Altas por día',
      'Respuestas por día',
      'Usuarios activos por día',
    ]);
    expect(charts[1]?.querySelector('desc')?.textContent).toBe(
      'Gráfico de barras apiladas: 40 respuestas, 10 fallidas',
    );
    expect(charts[1]?.getAttribute('width')).toBe('600');
  });

  it('asks again for a quick period, and keeps a period the API would refuse as a draft', async () => {
    const network = signedIn('admin');
    openConsole();
    await screen.findByText('Embudo de activación', {}, SLOW);

    fireEvent.click(screen.getByRole('button', { name: 'Últimos 7 días' }));
    await waitFor(() => expect(network.callsTo('GET /api/admin/overview')).toHaveLength(2));
    expect(network.callsTo('GET /api/admin/overview')[1]?.url.searchParams.get('from')).toBe(
      utcDay(6 * DAY_MS),
    );

    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2099-01-01' } });
    expect(await screen.findByText('La fecha inicial es posterior a la final')).toBeTruthy();
    expect(network.callsTo('GET /api/admin/overview')).toHaveLength(2);
  });

  it.each([
    ['a 403', 403, { code: 'FORBIDDEN', message: 'Solo para operadores.' }, 'Solo para operadores.'],
    ['a 500 without the API’s body', 500, undefined, 'Comprueba tu conexión y vuelve a intentarlo.'],
  ])('says in Spanish that the figures failed after %s, and retries', async (_case, status, body, detail) => {
    let answer: { status: number; body?: unknown } = { status, body };
    const network = signedIn('admin', { 'GET /api/admin/overview': () => answer });
    openConsole();
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toBe(`No se han podido cargar las cifras del periodo. ${detail}`);

    answer = { status: 200, body: overview() };
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Embudo de activación')).toBeTruthy();
    expect(network.callsTo('GET /api/admin/overview')).toHaveLength(2);
  });
});

describe('the users', () => {
  it('searches by the typed text once the typing pauses, and pages', async () => {
    const network = signedIn('admin', {
      'GET /api/admin/users': ({ url }) => ({
        body: {
          users: [user({ id: Number(url.searchParams.get('page')), credits: null })],
          total: 45,
          page: Number(url.searchParams.get('page')),
          page_size: 20,
        },
      }),
    });
    openConsole();
    const table = await screen.findByRole('region', { name: 'Tabla «Usuarios» (desplazable)' }, SLOW);
    expect(table.getAttribute('tabindex')).toBe('0');
    expect(within(table).getByRole('cell', { name: 'Ilimitados' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Nunca' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'CEO · 600 créditos/mes' })).toBeTruthy();
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 3')).toBeTruthy();
    expect(network.callsTo('GET /api/admin/users').at(-1)?.url.searchParams.get('page')).toBe('2');

    fireEvent.change(screen.getByLabelText('Buscar por correo o nombre'), { target: { value: ' ana ' } });
    await waitFor(() =>
      expect(network.callsTo('GET /api/admin/users').at(-1)?.url.searchParams.get('q')).toBe('ana'),
    );
    // A new search starts on its first page.
    expect(network.callsTo('GET /api/admin/users').at(-1)?.url.searchParams.get('page')).toBe('1');
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
  });

  it('adds credits with a reason to the chosen user and shows the new balance', async () => {
    let entries: AdminAuditEntry[] = [];
    const network = signedIn('admin', {
      'GET /api/admin/users': {
        body: {
          users: [user(), user({ id: 8, email: 'luis@example.com', full_name: 'Luis' })],
          total: 2,
          page: 1,
          page_size: 20,
        },
      },
      'GET /api/admin/audit': () => ({ body: { entries } }),
      'POST /api/admin/users/8/credits': () => {
        entries = [{ ...grantEntry, target_user_id: 8 }];
        return { body: { available_credits: 150 } };
      },
    });
    openConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir créditos a luis@example.com' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Añadir créditos' });
    const amount = within(dialog).getByLabelText('Cantidad de créditos');
    expect(document.activeElement).toBe(amount);

    // The contract's messages, beside their fields, and nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir créditos' }));
    expect(within(dialog).getByText('Como mínimo 1 crédito')).toBeTruthy();
    expect(within(dialog).getByText('Escribe el motivo (al menos 3 caracteres)')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(network.callsTo('POST /api/admin/users/8/credits')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: 'Compensación por la caída' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir créditos' }));

    expect(await screen.findByText('Créditos añadidos a luis@example.com. Saldo nuevo: 150.')).toBeTruthy();
    expect(network.callsTo('POST /api/admin/users/8/credits')[0]?.body).toEqual({
      amount: 50,
      reason: 'Compensación por la caída',
      // The form's own id: sent again after a lost answer, the server grants once.
      request_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(network.callsTo('GET /api/admin/users').length).toBeGreaterThan(1);
    const audit = await screen.findByRole('region', { name: 'Tabla «Registro de auditoría» (desplazable)' });
    expect(within(audit).getByRole('cell', { name: 'Créditos añadidos' })).toBeTruthy();
    expect(within(audit).getByText('50 créditos')).toBeTruthy();
    expect(within(audit).getByText('Motivo: Compensación por la caída')).toBeTruthy();
  });

  it('shows the server’s message when the grant fails, and Escape closes the dialog', async () => {
    signedIn('admin', {
      'POST /api/admin/users/7/credits': {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Este usuario ya no existe.' },
      },
    });
    openConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir créditos a ana@example.com' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Añadir créditos' });
    fireEvent.change(within(dialog).getByLabelText('Cantidad de créditos'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Prueba' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir créditos' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Este usuario ya no existe.');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the failed research runs', () => {
  it('retries a run, names the new one and loads the list again', async () => {
    let researches = [failedRun];
    const network = signedIn('admin', {
      'GET /api/admin/researches/failed': () => ({ body: { researches } }),
      'POST /api/admin/researches/31/retry': () => {
        researches = [];
        return { status: 202, body: { research_id: 32 } };
      },
    });
    openConsole();
    expect(await screen.findByText('Investigación n.º 31 · Oliva Directa', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('No se pudo planificar la investigación.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar la investigación n.º 31' }));
    expect(await screen.findByText('Investigación n.º 31 reintentada: la nueva es la n.º 32.')).toBeTruthy();
    expect(await screen.findByText('No hay investigaciones fallidas.')).toBeTruthy();
    expect(network.callsTo('POST /api/admin/researches/31/retry')).toHaveLength(1);
    expect(network.callsTo('GET /api/admin/audit').length).toBeGreaterThan(1);
  });
});

describe('the users’ feedback (issue 16)', () => {
  it('lists the latest comments and answer ratings, with who sent them, and pages', async () => {
    const network = signedIn('admin', {
      'GET /api/admin/feedback': ({ url }) => ({
        body: {
          comments:
            url.searchParams.get('page') === '2'
              ? [
                  {
                    id: 1,
                    user_email: 'ana@example.com',
                    message: 'Un comentario antiguo',
                    page: null,
                    created_at: '2026-05-01T10:00:00Z',
                  },
                ]
              : [
                  {
                    id: 21,
                    user_email: 'luis@example.com',
                    message: 'Quiero exportar mis chats',
                    page: '/',
                    created_at: '2026-05-02T10:00:00Z',
                  },
                ],
          comments_total: 21,
          ratings: [
            {
              message_id: 77,
              user_email: 'ana@example.com',
              rating: 'down',
              reason: 'No responde a mi pregunta',
              created_at: '2026-05-02T09:00:00Z',
            },
          ],
          ratings_total: 1,
          page: Number(url.searchParams.get('page')),
          page_size: 20,
        },
      }),
    });
    openConsole();
    const section = await screen.findByRole('region', { name: 'Comentarios y valoraciones' }, SLOW);
    expect(await within(section).findByText('Quiero exportar mis chats')).toBeTruthy();
    expect(within(section).getByText('luis@example.com')).toBeTruthy();
    expect(within(section).getByText('No útil')).toBeTruthy();
    expect(within(section).getByText('No responde a mi pregunta')).toBeTruthy();
    expect(within(section).getByText('21 comentarios · 1 valoraciones')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Siguiente' }));
    expect(await within(section).findByText('Un comentario antiguo')).toBeTruthy();
    expect(within(section).getByText('Página 2 de 2')).toBeTruthy();
    expect(
      network.callsTo('GET /api/admin/feedback').map((call) => call.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DAY_MS,
  figure,
  openConsole,
  overview,
  preloadConsole,
  SLOW,
  signedIn,
  utcDay,
} from '../test/admin-screen-stubs.ts';
import { stubLayoutObservers } from '../test/browser-stubs.ts';
import { productUser } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

/** The operator's console at /admin (ADR 0017): who sees it, and its figures. */
beforeAll(preloadConsole, 30_000);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('who sees the console', () => {
  it('shows a signed-in user who is not an operator a page that does not exist, and asks nothing of the admin API', async () => {
    const network = signedIn('user');
    openConsole();
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Consola de operación' })).toBeNull();
    expect(network.calls.filter((call) => call.path.startsWith('/api/admin'))).toHaveLength(0);
  });

  it("asks an operator's address still to verify for the mailed link instead (ADR 0022)", async () => {
    const network = signedIn('user', {
      'GET /api/operator/verification': { body: { required: true } },
      'POST /api/operator/verification': { status: 202, body: { status: 'sent' } },
    });
    openConsole();
    expect(
      await screen.findByRole('heading', { name: 'Confirma tu correo para entrar en la consola' }, SLOW),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviarme el enlace de verificación' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Te hemos enviado el enlace'),
    );
    expect(network.callsTo('POST /api/operator/verification')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Enviarme otro enlace' })).toBeTruthy();
    expect(network.calls.filter((call) => call.path.startsWith('/api/admin'))).toHaveLength(0);
  });

  it('spends the token of the link it was opened from, drops it from the address and opens the console', async () => {
    let verified = false;
    const network = signedIn('user', {
      'GET /api/users/me': () => ({ body: { ...productUser(), role: verified ? 'admin' : 'user' } }),
      'POST /api/operator/verification/confirm': () => {
        verified = true;
        return { body: { status: 'verified' } };
      },
    });
    const { router } = renderWithRouter(createRoutes, { path: '/admin?verificacion=el-token' });
    expect(await screen.findByRole('heading', { name: 'Consola de operación' }, SLOW)).toBeTruthy();
    expect(network.callsTo('POST /api/operator/verification/confirm').map((call) => call.body)).toEqual([
      { token: 'el-token' },
    ]);
    expect(router.state.location.search).toBe('');
  });

  it('says why a link did not work and offers another', async () => {
    signedIn('user', {
      'GET /api/operator/verification': { body: { required: true } },
      'POST /api/operator/verification/confirm': {
        status: 400,
        body: {
          code: 'expired-action-code',
          message: 'El enlace de verificación ha caducado: pide otro desde la consola',
        },
      },
    });
    renderWithRouter(createRoutes, { path: '/admin?verificacion=viejo' });
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(
      'El enlace de verificación ha caducado: pide otro desde la consola',
    );
    expect(screen.getByRole('button', { name: 'Enviarme otro enlace' })).toBeTruthy();
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
    // Plans paid through the local test checkout are told apart from the revenue, and labelled.
    expect(within(plans).getByRole('columnheader', { name: 'De ellos, con pago de prueba' })).toBeTruthy();
    expect(
      within(plans).getByText('Pagos de prueba con la pasarela local (no son ingresos): 58 €'),
    ).toBeTruthy();
    expect(figure('Ingresos recurrentes mensuales')).toContain(
      'Aparte, pagos de prueba (pasarela local, sin cobro real): 58 €',
    );
    // Pages by the names the app gives them, every route named (§2.12's stored names included).
    const pages = screen.getByRole('region', { name: 'Páginas más vistas' });
    expect(within(pages).getByRole('cell', { name: 'Chats' })).toBeTruthy();
    expect(within(pages).getByRole('cell', { name: 'Investigación de mercado' })).toBeTruthy();
    expect(within(pages).getByRole('cell', { name: 'Inicio' })).toBeTruthy();
    expect(within(pages).queryByText('Ruta desconocida')).toBeNull();
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

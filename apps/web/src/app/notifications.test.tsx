import type { Notification, NotificationPage } from '@rumbo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productUser, type StubRoute, sessionBody, stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SLOW = { timeout: 3000 };

function signedIn(planId: number, routes: Record<string, StubRoute> = {}) {
  return stubFetch({
    'GET /api/auth/get-session': { body: sessionBody() },
    'GET /api/users/me': { body: productUser({ plan_id: planId }) },
    'PUT /api/users/me/time-zone': ({ body }) => ({ body }),
    ...routes,
  });
}

const notice = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'tarea_manana',
  business_id: 4,
  title: `Mañana vence una tarea de Oliva Directa ${id}`,
  body: '«Llamar a la gestoría»',
  link: '/roadmap/4',
  read_at: null,
  created_at: '2026-12-03T14:30:00.000Z',
  ...overrides,
});

describe('the notification centre (ADR 0056)', () => {
  it('shows the unread count on the bell, lists the notices and marks one and all as read', async () => {
    let items = [notice(2), notice(1)];
    const unread = () => items.filter((n) => !n.read_at).length;
    const network = signedIn(11, {
      'GET /api/notifications/unread-count': () => ({ body: { unread: unread() } }),
      'GET /api/notifications': () => ({
        body: { items, next_before: null, unread: unread() } satisfies NotificationPage,
      }),
      'POST /api/notifications/1/read': () => {
        items = items.map((n) => (n.id === 1 ? { ...n, read_at: '2026-12-03T15:00:00.000Z' } : n));
        return { body: { unread: unread() } };
      },
      'POST /api/notifications/read-all': () => {
        items = items.map((n) => ({ ...n, read_at: '2026-12-03T15:00:00.000Z' }));
        return { body: { unread: 0 } };
      },
    });
    renderWithRouter(createRoutes, { path: '/' });
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 2 sin leer' }, SLOW);
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(await within(dialog).findByText('Mañana vence una tarea de Oliva Directa 2')).toBeTruthy();
    fireEvent.click(
      within(dialog).getByRole('button', {
        name: 'Marcar como leída: Mañana vence una tarea de Oliva Directa 1',
      }),
    );
    await waitFor(() => expect(network.callsTo('POST /api/notifications/1/read')).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getAllByRole('button', { name: /^Marcar como leída/ })).toHaveLength(1),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() =>
      expect(within(dialog).queryAllByRole('button', { name: /^Marcar como leída/ })).toHaveLength(0),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar las notificaciones' }));
    expect(await screen.findByRole('button', { name: 'Notificaciones' })).toBeTruthy();
    // The browser's time zone went to the server once.
    expect(network.callsTo('PUT /api/users/me/time-zone')).toHaveLength(1);
  });

  it('opens a notice: recorded as opened from the app, then its page', async () => {
    const network = signedIn(11, {
      'GET /api/notifications/unread-count': { body: { unread: 1 } },
      'GET /api/notifications': {
        body: { items: [notice(5, { link: '/profile' })], next_before: null, unread: 1 },
      },
      'POST /api/notifications/5/open': { body: { unread: 0 } },
      'GET /api/auth/profile': { status: 500 },
    });
    renderWithRouter(createRoutes, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 1 sin leer' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' }, SLOW);
    fireEvent.click(await within(dialog).findByRole('button', { name: /Oliva Directa 5\s*«/ }, SLOW));
    await waitFor(() => expect(network.callsTo('POST /api/notifications/5/open')).toHaveLength(1), SLOW);
    expect(network.callsTo('POST /api/notifications/5/open')[0]?.body).toEqual({ via: 'app' });
    expect(await screen.findByRole('heading', { name: 'Perfil', level: 1 }, SLOW)).toBeTruthy();
  });

  it("shows another plan what it would get and 'Mejorar plan', without asking for notices", async () => {
    const network = signedIn(5);
    renderWithRouter(createRoutes, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(dialog).getByText('Las notificaciones inteligentes están en los planes CEO')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Mejorar plan' }).getAttribute('href')).toBe(
      '/profile/sub',
    );
    expect(network.calls.filter((call) => call.path.startsWith('/api/notifications'))).toHaveLength(0);
  });

  it('records a notice opened from its e-mail link', async () => {
    const network = signedIn(11, {
      'GET /api/notifications/unread-count': { body: { unread: 1 } },
      'POST /api/notifications/9/open': { body: { unread: 0 } },
    });
    renderWithRouter(createRoutes, { path: '/?notificacion=9' });
    await waitFor(() => expect(network.callsTo('POST /api/notifications/9/open')).toHaveLength(1), SLOW);
    expect(network.callsTo('POST /api/notifications/9/open')[0]?.body).toEqual({ via: 'correo' });
  });

  it('records the opening once when the screen mounts again before the address drops the parameter', async () => {
    const network = signedIn(11, {
      'GET /api/notifications/unread-count': { body: { unread: 1 } },
      'POST /api/notifications/12/open': { body: { unread: 0 } },
    });
    const first = renderWithRouter(createRoutes, { path: '/?notificacion=12' });
    await waitFor(() => expect(network.callsTo('POST /api/notifications/12/open')).toHaveLength(1), SLOW);
    first.unmount();
    const again = renderWithRouter(createRoutes, { path: '/?notificacion=12' });
    await waitFor(() => expect(again.router.state.location.search).toBe(''), SLOW);
    expect(network.callsTo('POST /api/notifications/12/open')).toHaveLength(1);
  });
});

describe("a notification's unsubscribe link (ADR 0056)", () => {
  it('names the kind it turns off, and says so when done', async () => {
    const token = `12.tasks.${'a'.repeat(43)}`;
    const network = stubFetch({
      'GET /api/auth/get-session': { body: null },
      'POST /api/mail/unsubscribe': { body: { product_mail: true, topic: 'tasks' } },
    });
    renderWithRouter(createRoutes, { path: `/baja?token=${encodeURIComponent(token)}` });
    expect(
      await screen.findByText(
        /Dejarás de recibir los avisos de «Tareas que vencen mañana o ya vencidas»/,
        {},
        SLOW,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByText(/Listo: ya no te avisaremos de «Tareas que vencen mañana/)).toBeTruthy();
    expect(network.callsTo('POST /api/mail/unsubscribe')[0]?.url.searchParams.get('token')).toBe(token);
  });
});

describe("the profile's notifications (ADR 0056)", () => {
  const PROFILE = {
    email: 'ana@example.com',
    full_name: 'Ana Pérez',
    credits: 600,
    analytics_personal: true,
    two_factor_enabled: false,
    product_mail: true,
  };
  it('turns a kind off and chooses the e-mail frequency, each saved alone', async () => {
    let preferences = {
      research: true,
      tasks: true,
      credits: true,
      weekly_summary: true,
      mail_frequency: 'inmediato',
    };
    const network = signedIn(11, {
      'GET /api/auth/profile': { body: PROFILE },
      'GET /api/notifications/unread-count': { body: { unread: 0 } },
      'GET /api/notifications/preferences': () => ({ body: preferences }),
      'PATCH /api/notifications/preferences': ({ body }) => {
        preferences = { ...preferences, ...(body as object) };
        return { body: preferences };
      },
    });
    renderWithRouter(createRoutes, { path: '/profile' });
    const tasks = await screen.findByRole(
      'checkbox',
      { name: 'Tareas que vencen mañana o ya vencidas' },
      SLOW,
    );
    expect((tasks as HTMLInputElement).checked).toBe(true);
    fireEvent.click(tasks);
    await waitFor(() => expect((tasks as HTMLInputElement).checked).toBe(false));
    fireEvent.change(screen.getByRole('combobox', { name: 'Correos de las notificaciones' }), {
      target: { value: 'semanal' },
    });
    await waitFor(() => expect(network.callsTo('PATCH /api/notifications/preferences')).toHaveLength(2));
    expect(network.callsTo('PATCH /api/notifications/preferences').map((call) => call.body)).toEqual([
      { tasks: false },
      { mail_frequency: 'semanal' },
    ]);
  });

  it("tells another plan they are in the CEO plans, with 'Mejorar plan'", async () => {
    const network = signedIn(9, { 'GET /api/auth/profile': { body: PROFILE } });
    renderWithRouter(createRoutes, { path: '/profile' });
    expect(
      await screen.findByText(/Las notificaciones inteligentes están en los planes CEO\./, {}, SLOW),
    ).toBeTruthy();
    expect(network.calls.filter((call) => call.path.startsWith('/api/notifications'))).toHaveLength(0);
  });
});

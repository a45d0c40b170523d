import type { AdminAuditEntry } from '@rumbo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  failedRun,
  grantEntry,
  openConsole,
  preloadConsole,
  SLOW,
  signedIn,
  user,
} from '../test/admin-screen-stubs.ts';

/** The operator's console at /admin (ADR 0017, ADR 0047): its users, its actions and the users' feedback. */
beforeAll(preloadConsole, 30_000);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A row's actions are in its menu (so the table fits 1280 px): opens it and chooses the grant. */
async function chooseGrant(email: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Acciones para ${email}` }, SLOW));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Añadir créditos' }));
}

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
        entries = [{ ...grantEntry, target_user_id: 8, target_email: 'luis@example.com' }];
        return { body: { available_credits: 150 } };
      },
    });
    openConsole();
    await chooseGrant('luis@example.com');
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
    // The user acted on is named by e-mail, not by id.
    expect(within(audit).getByRole('cell', { name: 'luis@example.com' })).toBeTruthy();
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
    await chooseGrant('ana@example.com');
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

describe('the users’ feedback (ADR 0047)', () => {
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

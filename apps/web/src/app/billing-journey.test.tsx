import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productUser, sessionBody, stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The root waits 1 s after the page starts (product.md §2.2); the credits count up over 60 frames.
const SLOW = { timeout: 3000 };

describe('plans, home and profile through the route table', () => {
  it('/plans → Starter refreshes the user and lands on the home with 100 credits', async () => {
    let planId = -1;
    const network = stubFetch({
      'GET /api/auth/get-session': { body: sessionBody() },
      'GET /api/users/me': () => ({
        body: productUser({ plan_id: planId, available_credits: planId === 9 ? 100 : 0 }),
      }),
      'POST /api/subscriptions': () => {
        planId = 9;
        return { body: { url: null, plan_id: 9 } };
      },
    });
    const { router } = renderWithRouter(createRoutes, { path: '/plans' });
    await screen.findByRole('heading', { name: 'Selecciona un plan para continuar' }, SLOW);
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('article', { name: 'Starter' })).getByRole('button'));

    await screen.findByRole('heading', { name: 'Inicio' }, SLOW);
    expect(router.state.location.pathname).toBe('/');
    expect(network.callsTo('GET /api/users/me')).toHaveLength(2);
    const credits = screen.getByRole('region', { name: 'Tus créditos' });
    await waitFor(() =>
      expect(credits.querySelector('[data-credits]')?.getAttribute('data-credits')).toBe('100'),
    );
    await waitFor(() => expect(credits.textContent).toContain('100 créditos'), SLOW);
    expect(within(screen.getByRole('region', { name: 'Tu suscripción' })).getByText('Starter')).toBeTruthy();
  });

  it("shows 'Créditos ilimitados' on the home of a plan 12 user", async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: sessionBody() },
      'GET /api/users/me': { body: productUser({ plan_id: 12, available_credits: null }) },
    });
    renderWithRouter(createRoutes, { path: '/' });
    const credits = await screen.findByRole('region', { name: 'Tus créditos' }, SLOW);
    expect(credits.textContent).toContain('Créditos ilimitados');
    expect(within(screen.getByRole('region', { name: 'Tu suscripción' })).getByText('CEO')).toBeTruthy();
  });

  it('shows the profile read-only, in Spanish, with the sign-out button', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: sessionBody() },
      'GET /api/users/me': { body: productUser() },
      'GET /api/auth/profile': { body: { email: 'ana@example.com', full_name: 'Ana Pérez', credits: 100 } },
    });
    renderWithRouter(createRoutes, { path: '/profile' });
    const email = (await screen.findByLabelText('Correo electrónico', {}, SLOW)) as HTMLInputElement;
    expect(email.value).toBe('ana@example.com');
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText('Nombre completo') as HTMLInputElement).value).toBe('Ana Pérez');
    expect((screen.getByLabelText('Idioma') as HTMLInputElement).value).toBe('Español');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
  });
});

import type { Business } from '@rumbo/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleEstablished, sampleIdea } from '../test/businesses.ts';
import { productUser, type StubRoute, sessionBody, stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The root waits 1 s after the page starts (product.md §2.2).
const SLOW = { timeout: 3000 };

function signedIn(planId: number, routes: Record<string, StubRoute> = {}) {
  return stubFetch({
    'GET /api/auth/get-session': { body: sessionBody() },
    'GET /api/users/me': { body: productUser({ plan_id: planId }) },
    ...routes,
  });
}

describe('the new-business guard (product.md §2.3)', () => {
  it('sends a user whose plan allows no more businesses to /chats/true', async () => {
    signedIn(5, { 'GET /api/businesses': { body: [sampleIdea()] } });
    const { router } = renderWithRouter(createRoutes, { path: '/new-business' });
    await screen.findByRole('heading', { name: 'Aquí empieza algo grande...' }, SLOW);
    expect(router.state.location.pathname).toBe('/chats/true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the creation wizard below the limit', async () => {
    signedIn(7, { 'GET /api/businesses': { body: [sampleIdea()] } });
    renderWithRouter(createRoutes, { path: '/new-business' });
    expect(await screen.findByRole('dialog', { name: 'Crear nuevo chat' }, SLOW)).toBeTruthy();
  });

  it('asks nothing of the product API for a visitor: the login shows in place', async () => {
    const network = stubFetch({ 'GET /api/auth/get-session': { body: null } });
    renderWithRouter(createRoutes, { path: '/new-business' });
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' }, SLOW)).toBeTruthy();
    expect(network.calls.filter((call) => call.path.startsWith('/api/businesses'))).toHaveLength(0);
  });
});

describe('the edit resolver (product.md §2.1, §2.3)', () => {
  it('opens the edit wizard with the business loaded', async () => {
    signedIn(7, { 'GET /api/businesses/established/9': { body: sampleEstablished() } });
    renderWithRouter(createRoutes, { path: '/edit-business/established/9' });
    expect(await screen.findByRole('dialog', { name: 'Editar chat' }, SLOW)).toBeTruthy();
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Panadería Sol');
  });

  it.each([
    ['a business that is not there (or not yours)', '/edit-business/idea/99'],
    ['an unknown type', '/edit-business/otro/4'],
    ['an id that is not a number', '/edit-business/idea/abc'],
  ])('goes to /chats for %s', async (_case, path) => {
    signedIn(7, {
      'GET /api/businesses': { body: [] },
      'GET /api/businesses/ideas/99': { status: 404, body: { code: 'NOT_FOUND', message: 'No' } },
    });
    const { router } = renderWithRouter(createRoutes, { path });
    await screen.findByRole('heading', { name: 'Aquí empieza algo grande...' }, SLOW);
    expect(router.state.location.pathname).toBe('/chats');
  });
});

describe('the business list resolver (product.md §2.3, §7, §9)', () => {
  it('loads the list once for an hour; /chats/true loads it again', async () => {
    let list: Business[] = [sampleIdea()];
    const network = signedIn(7, { 'GET /api/businesses': () => ({ body: list }) });
    const { router } = renderWithRouter(createRoutes, { path: '/chats' });
    await screen.findByRole('article', { name: 'Oliva Directa' }, SLOW);
    const loads = () => network.callsTo('GET /api/businesses').length;
    expect(loads()).toBe(1);

    await router.navigate('/tools');
    await router.navigate('/chats');
    await screen.findByRole('article', { name: 'Oliva Directa' });
    expect(loads()).toBe(1);

    list = [sampleIdea(), sampleEstablished()];
    await router.navigate('/chats/true');
    await screen.findByRole('article', { name: 'Panadería Sol' });
    expect(loads()).toBe(2);
  });

  it('shows the failure with a retry on the dashboard itself', async () => {
    signedIn(7, { 'GET /api/businesses': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } } });
    const { router } = renderWithRouter(createRoutes, { path: '/chats' });
    expect(await screen.findByRole('button', { name: 'Reintentar' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productUser, sessionBody, stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

// The tools screen's code arrives only when the test lets it: what the app asks for before that is
// what it asks for while a first screen's code still loads.
let releaseScreen: () => void = () => {};
const screenCode = new Promise<void>((resolve) => {
  releaseScreen = resolve;
});
vi.mock('./routes/tools.tsx', async () => {
  await screenCode;
  return { Component: () => <h1>Herramientas cargadas</h1> };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the root loader', () => {
  it('asks for the session and then the product user while the first screen’s code still loads', async () => {
    const api = stubFetch({
      'GET /api/auth/get-session': { body: sessionBody() },
      'GET /api/users/me': { body: productUser({ plan_id: 9 }) },
      'GET /api/businesses': { body: [] },
    });
    renderWithRouter(createRoutes, { path: '/tools' });
    await waitFor(() => expect(api.callsTo('GET /api/users/me')).toHaveLength(1));
    expect(api.callsTo('GET /api/auth/get-session')).toHaveLength(1);
    expect(screen.queryByText('Herramientas cargadas')).toBeNull();
    releaseScreen();
    expect(await screen.findByText('Herramientas cargadas', {}, { timeout: 3000 })).toBeTruthy();
    // The root used what its loader asked for.
    expect(api.callsTo('GET /api/auth/get-session')).toHaveLength(1);
    expect(api.callsTo('GET /api/users/me')).toHaveLength(1);
  });
});

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
// The chat's code never arrives here: what is asked for is asked for without it.
vi.mock('./routes/chat.tsx', () => new Promise(() => {}));

/** A session whose answer the test holds back until it calls `release`. */
function heldSession() {
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    route: async () => {
      await answered;
      return { body: sessionBody() };
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the root loader', () => {
  it('asks for the product user and what the chat shows first while the session is read, before the chat’s code has come', async () => {
    const session = heldSession();
    const api = stubFetch({
      'GET /api/auth/get-session': session.route,
      'GET /api/users/me': { body: productUser({ plan_id: 11 }) },
      'GET /api/businesses': { body: [] },
      'GET /api/businesses/4/chats': { body: [] },
      'GET /api/businesses/4/research': { body: { research: null, last_completed_at: null } },
    });
    renderWithRouter(createRoutes, { path: '/chat/idea/4' });
    await waitFor(() => expect(api.callsTo('GET /api/businesses/4/research')).toHaveLength(1));
    expect(api.callsTo('GET /api/businesses')).toHaveLength(1);
    expect(api.callsTo('GET /api/businesses/4/chats')).toHaveLength(1);
    expect(api.callsTo('GET /api/users/me')).toHaveLength(1);
    session.release();
  });

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

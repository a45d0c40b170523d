import { SIGNED_OUT_META } from '@rumbo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKeys } from '../lib/query-keys.ts';
import { sampleIdea } from '../test/businesses.ts';
import { stubChatScreenBrowser } from '../test/chat-screen-test-kit.tsx';
import { authUser, productUser, sessionBody, stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The root waits 1 s after the page starts before showing anything but the spinner (product.md §2.2).
const SLOW = { timeout: 3000 };

function signedIn(planId = 9) {
  return stubFetch({
    'GET /api/auth/get-session': { body: sessionBody() },
    'GET /api/users/me': { body: productUser({ plan_id: planId }) },
    'POST /api/auth/sign-out': { body: { success: true } },
    'GET /api/businesses': { body: [] },
    'GET /api/businesses/ideas/4': { body: sampleIdea({ id: 4 }) },
  });
}

function signedOut() {
  return stubFetch({ 'GET /api/auth/get-session': { body: null } });
}

describe('the route table (product.md §2.1), signed in', () => {
  it.each([
    ['/', 'Inicio'],
    ['/tools', 'Herramientas!'],
    ['/chats', 'Aquí empieza algo grande...'],
    ['/chats/true', 'Aquí empieza algo grande...'],
    ['/new-business', 'Crear nuevo chat'],
    ['/edit-business/idea/4', 'Editar chat'],
    ['/profile/sub', 'Suscripción'],
  ])('%s shows its screen', async (path, heading) => {
    signedIn();
    renderWithRouter(createRoutes, { path });
    expect(await screen.findByRole('heading', { name: heading }, SLOW)).toBeTruthy();
  });

  it.each([
    ['/', 'Inicio · Rumbo'],
    ['/chats/true', 'Chats · Rumbo'],
    ['/tools', 'Herramientas · Rumbo'],
    ['/new-business', 'Crear nuevo chat · Rumbo'],
    ['/edit-business/idea/4', 'Editar chat · Rumbo'],
    ['/profile', 'Perfil · Rumbo'],
    ['/profile/sub', 'Suscripción · Rumbo'],
  ])('%s names the document %s', async (path, title) => {
    document.title = 'Rumbo';
    signedIn();
    renderWithRouter(createRoutes, { path });
    await waitFor(() => expect(document.title).toBe(title), SLOW);
  });

  it('opens the subscription tab at /subscription and the home at /dashboard (product.md §2.1 targets)', async () => {
    signedIn();
    const subscription = renderWithRouter(createRoutes, { path: '/subscription' });
    await screen.findByRole('heading', { name: 'Suscripción' }, SLOW);
    expect(subscription.router.state.location.pathname).toBe('/profile/sub');
    subscription.unmount();
    const dashboard = renderWithRouter(createRoutes, { path: '/dashboard' });
    await screen.findByRole('heading', { name: 'Inicio' }, SLOW);
    expect(dashboard.router.state.location.pathname).toBe('/');
  });

  it.each(['/onboard', '/plans'])('sends a user who already has a plan from %s home', async (path) => {
    signedIn(9);
    const { router } = renderWithRouter(createRoutes, { path });
    await screen.findByRole('heading', { name: 'Inicio' }, SLOW);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/plans', 'Selecciona un plan para continuar'],
    ['/onboard', 'Bienvenida'],
  ])('opens %s to a user without a plan', async (path, heading) => {
    signedIn(-1);
    renderWithRouter(createRoutes, { path });
    expect(await screen.findByRole('heading', { name: heading }, SLOW)).toBeTruthy();
  });

  it('sends any other path to the root', async () => {
    signedIn();
    const { router } = renderWithRouter(createRoutes, { path: '/no/such/screen' });
    await screen.findByRole('heading', { name: 'Inicio' }, SLOW);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('document titles while signed out', () => {
  it("names the login screen's view, and an open page its own", async () => {
    signedOut();
    renderWithRouter(createRoutes, { path: '/chats' });
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Rumbo'), SLOW);
    fireEvent.click(await screen.findByRole('button', { name: 'Regístrate' }));
    await waitFor(() => expect(document.title).toBe('Crear cuenta · Rumbo'));
  });

  it('names an open page', async () => {
    signedOut();
    renderWithRouter(createRoutes, { path: '/privacidad' });
    await waitFor(() => expect(document.title).toBe('Política de privacidad · Rumbo'), SLOW);
  });
});

describe('screens open to everyone (product.md §2.2)', () => {
  it.each([
    ['/stripe_cancel', 'No se ha podido realizar el pago'],
    ['/reset-password', 'Establecer nueva contraseña'],
    ['/terminos', 'Condiciones del servicio'],
    ['/privacidad', 'Política de privacidad'],
  ])('%s shows its screen without a session', async (path, heading) => {
    signedOut();
    renderWithRouter(createRoutes, { path });
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });
});

describe('the root and its guards (product.md §2.2, §2.3, ADR 0006)', () => {
  it('shows the spinner first, then the login in place of the screen, keeping the address', async () => {
    signedOut();
    const { router } = renderWithRouter(createRoutes, { path: '/chats' });
    expect(screen.getByRole('status').textContent).toContain('Cargando');
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats');
  });

  it('shows the login without asking for the session when the server marked the page signed out', async () => {
    const mark = document.createElement('meta');
    mark.name = SIGNED_OUT_META;
    document.head.append(mark);
    const api = stubFetch({});
    renderWithRouter(createRoutes, { path: '/register' });
    expect(await screen.findByRole('button', { name: 'Crear cuenta' }, SLOW)).toBeTruthy();
    // Neither the session nor anything else is asked for (the root's loader included).
    expect(api.calls).toEqual([]);
    // The mark speaks of the page's first request only: it is gone once read.
    expect(document.querySelector(`meta[name="${SIGNED_OUT_META}"]`)).toBeNull();
  });

  it('lands a user who registers on the root on /onboard, not on /plans', async () => {
    let session: unknown = null;
    stubFetch({
      'GET /api/auth/get-session': () => ({ body: session }),
      'POST /api/auth/sign-up/email': () => {
        session = sessionBody();
        return { body: { token: 't', user: authUser() } };
      },
      'GET /api/users/me': { body: productUser({ plan_id: -1 }) },
    });
    const { router } = renderWithRouter(createRoutes, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Regístrate' }, SLOW));
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Nombre completo', 'Ana Pérez');
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'contraseña-1');
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones del servicio/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await screen.findByRole('heading', { name: 'Bienvenida' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/onboard');
  });

  it('shows home to a user with a plan who signs in on the root', async () => {
    let session: unknown = null;
    stubFetch({
      'GET /api/auth/get-session': () => ({ body: session }),
      'POST /api/auth/sign-in/email': () => {
        session = sessionBody();
        return { body: { redirect: false, token: 't', user: authUser() } };
      },
      'GET /api/users/me': { body: productUser({ plan_id: 9 }) },
    });
    const { router } = renderWithRouter(createRoutes, { path: '/' });
    fireEvent.change(await screen.findByLabelText('Correo electrónico', {}, SLOW), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'contraseña-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the registration view for /register', async () => {
    signedOut();
    renderWithRouter(createRoutes, { path: '/register' });
    expect(await screen.findByRole('button', { name: 'Crear cuenta' }, SLOW)).toBeTruthy();
  });

  it('sends a signed-in user on /register where the after-login rule says', async () => {
    signedIn(9);
    const { router } = renderWithRouter(createRoutes, { path: '/register' });
    await screen.findByRole('heading', { name: 'Inicio' }, SLOW);
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps a user without a plan on /plans, from any other screen', async () => {
    signedIn(-1);
    const { router } = renderWithRouter(createRoutes, { path: '/chats' });
    await screen.findByRole('heading', { name: 'Selecciona un plan para continuar' }, SLOW);
    expect(router.state.location.pathname).toBe('/plans');
  });

  it('lets a user without a plan use onboarding', async () => {
    signedIn(-1);
    renderWithRouter(createRoutes, { path: '/onboard' });
    expect(await screen.findByRole('heading', { name: 'Bienvenida' }, SLOW)).toBeTruthy();
  });

  it('signs out when the product user fails to load', async () => {
    const network = stubFetch({
      'GET /api/auth/get-session': { body: sessionBody() },
      'GET /api/users/me': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'boom' } },
      'POST /api/auth/sign-out': { body: { success: true } },
    });
    renderWithRouter(createRoutes, { path: '/chats' });
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(network.callsTo('POST /api/auth/sign-out')).toHaveLength(1));
  });

  it('signs out on a 401 from the product API', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: sessionBody() },
      'GET /api/users/me': { status: 401, body: { code: 'UNAUTHORIZED', message: 'Sin sesión' } },
      'POST /api/auth/sign-out': { body: { success: true } },
    });
    const { queryClient } = renderWithRouter(createRoutes, { path: '/' });
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' }, SLOW)).toBeTruthy();
    expect(queryClient.getQueryData(accountQueryKeys.session)).toBeNull();
  });

  it("signs out with 'Cerrar sesión': clears the cache and goes to the root", async () => {
    const network = signedIn(-1);
    const { router, queryClient } = renderWithRouter(createRoutes, { path: '/plans' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }, SLOW));
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Declines Better Auth's redirect to Google's logout: leaving Rumbo does not sign out of Google.
    expect(network.callsTo('POST /api/auth/sign-out').map((call) => call.body)).toEqual([
      { disableRedirect: true },
    ]);
    expect(queryClient.getQueryData(accountQueryKeys.me)).toBeUndefined();
    expect(queryClient.getQueryData(accountQueryKeys.session)).toBeNull();
  });
});

describe('a dead reset link (ADR 0018)', () => {
  it('leads to the forgotten-password view of the login screen', async () => {
    signedOut();
    const { router } = renderWithRouter(createRoutes, { path: '/reset-password' });
    fireEvent.click(await screen.findByRole('link', { name: 'Enviarme un enlace nuevo' }));
    expect(await screen.findByRole('button', { name: 'Recuperar mi cuenta' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe("'Saltar al contenido' (ADR 0018)", () => {
  it('is the first focusable element of the shell and leads to its content', async () => {
    signedIn();
    renderWithRouter(createRoutes, { path: '/chats' });
    await screen.findByRole('heading', { name: 'Aquí empieza algo grande...' }, SLOW);
    const first = document.body.querySelector<HTMLElement>('a[href], button, input, select, textarea');
    expect(first?.textContent).toBe('Saltar al contenido');
    fireEvent.click(first as HTMLElement);
    expect(document.activeElement?.contains(screen.getByRole('main'))).toBe(true);
  });
});

describe('the chat route', () => {
  stubChatScreenBrowser();

  it("asks for the chat's threads and study while the product user still loads, and once each", async () => {
    let answerMe: (() => void) | undefined;
    const api = stubFetch({
      'GET /api/auth/get-session': { body: sessionBody() },
      'GET /api/users/me': () =>
        new Promise((resolve) => {
          answerMe = () => resolve({ body: productUser({ plan_id: 11 }) });
        }),
      'GET /api/businesses': { body: [sampleIdea({ id: 4 })] },
      'GET /api/businesses/4/chats': { body: [] },
      'GET /api/businesses/4/research': { body: { research: null } },
    });
    renderWithRouter(createRoutes, { path: '/chat/idea/4' });
    // The root still shows its spinner (no product user yet), and the threads are on their way.
    await waitFor(() => expect(api.callsTo('GET /api/businesses/4/chats')).toHaveLength(1), SLOW);
    expect(api.callsTo('GET /api/businesses')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Cargando');
    answerMe?.();
    await waitFor(() => expect(api.callsTo('GET /api/businesses/4/research')).toHaveLength(1));
    expect(await screen.findByRole('textbox', { name: 'Mensaje' }, SLOW)).toBeTruthy();
    // The screen shows what its route asked for without asking again.
    expect(api.callsTo('GET /api/businesses/4/chats')).toHaveLength(1);
    expect(api.callsTo('GET /api/businesses/4/research')).toHaveLength(1);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKeys } from '../../../lib/query-keys.ts';
import { authUser, productUser, stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { LoginScreen } from './login-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('login view (product.md §2.4, §5)', () => {
  it('marks empty fields invalid, with no message and no request', async () => {
    const network = stubFetch({});
    renderWithRouter(<LoginScreen />);
    press('Iniciar sesión');
    await waitFor(() =>
      expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByLabelText('Contraseña').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(network.calls).toHaveLength(0);
  });

  it('focuses the first invalid field on submit, and re-checks a field as it changes after that', async () => {
    stubFetch({});
    renderWithRouter(<LoginScreen />);
    type('Correo electrónico', 'ana@example.com');
    press('Iniciar sesión');
    const password = screen.getByLabelText('Contraseña');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe('false');
    type('Contraseña', 'x');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('false'));
    type('Correo electrónico', '  ');
    await waitFor(() =>
      expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe('true'),
    );
  });

  it('checks nothing while typing before the first submit', () => {
    stubFetch({});
    renderWithRouter(<LoginScreen initialView="register" />);
    type('Contraseña', 'corta');
    expect(screen.getByLabelText('Contraseña').getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('La contraseña debe tener al menos 8 caracteres')).toBeNull();
  });

  it('shows the spec text for a wrong password', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    renderWithRouter(<LoginScreen />);
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'no-es-esta');
    press('Iniciar sesión');
    expect((await screen.findByRole('alert')).textContent).toBe('Correo o contraseña incorrectos');
  });

  it('sends remember-me, loads the product user and goes home, then publishes the session', async () => {
    const network = stubFetch({
      'POST /api/auth/sign-in/email': { body: { redirect: false, token: 't', user: authUser() } },
      'GET /api/users/me': { body: productUser({ plan_id: 9 }) },
    });
    const { router, queryClient } = renderWithRouter(<LoginScreen />, { path: '/chats' });
    type('Correo electrónico', ' ana@example.com ');
    type('Contraseña', 'contraseña-1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Recordarme en este dispositivo' }));
    press('Iniciar sesión');
    await waitFor(() => expect(queryClient.getQueryData(accountQueryKeys.session)).toBeTruthy());
    expect(router.state.location.pathname).toBe('/');
    expect(network.callsTo('POST /api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'contraseña-1',
      rememberMe: true,
    });
  });

  it('sends a user without a plan to /plans after signing in', async () => {
    stubFetch({
      'POST /api/auth/sign-in/email': { body: { redirect: false, token: 't', user: authUser() } },
      'GET /api/users/me': { body: productUser({ plan_id: -1 }) },
    });
    const { router } = renderWithRouter(<LoginScreen />);
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'contraseña-1');
    press('Iniciar sesión');
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
  });

  it('says that Google is not available when the installation has no Google credentials', async () => {
    const network = stubFetch({});
    renderWithRouter(<LoginScreen />);
    press('Continuar con Google');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El acceso con Google no está disponible en esta instalación.',
    );
    expect(network.calls).toHaveLength(0);
  });

  it('explains a Google sign-in refused because a password account has the address, and cleans the address', async () => {
    stubFetch({});
    const { router } = renderWithRouter(<LoginScreen />, {
      path: '/?authError=google&error=account_not_linked',
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Ya existe una cuenta con este correo. Inicia sesión con tu contraseña.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens on the code step when a Google sign-in needs the second factor, and completes it with the code', async () => {
    const network = stubFetch({
      'POST /api/auth/two-factor/verify-totp': { body: { token: 't', user: authUser() } },
      'GET /api/users/me': { body: productUser({ plan_id: 9 }) },
    });
    const { router, queryClient } = renderWithRouter(<LoginScreen />, { path: '/?paso=segundo-factor' });
    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    type('Código de 6 dígitos', '123456');
    press('Verificar');
    await waitFor(() => expect(queryClient.getQueryData(accountQueryKeys.session)).toBeTruthy());
    expect(network.callsTo('POST /api/auth/two-factor/verify-totp')[0]?.body).toEqual({ code: '123456' });
  });

  it('stays silent when the user cancelled at Google', () => {
    stubFetch({});
    renderWithRouter(<LoginScreen />, { path: '/?authError=google&error=access_denied' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('registration view (product.md §2.4, §5)', () => {
  it('opens directly for /register and shows the password hint', () => {
    renderWithRouter(<LoginScreen initialView="register" />);
    expect(screen.getByRole('button', { name: 'Crear cuenta' })).toBeTruthy();
    expect(screen.getByLabelText('Contraseña').getAttribute('placeholder')).toBe('Mínimo 8 caracteres');
  });

  it("requires the terms ('Obligatorio') and a password of 8, and sends nothing until then", async () => {
    const network = stubFetch({});
    renderWithRouter(<LoginScreen />);
    press('Regístrate');
    type('Nombre completo', 'Ana Pérez');
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'corta');
    press('Crear cuenta');
    expect(await screen.findByText('Obligatorio')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres')).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: /condiciones del servicio/ });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Contraseña'));
    expect(network.calls).toHaveLength(0);
    type('Contraseña', 'contraseña-1');
    await waitFor(() =>
      expect(screen.queryByText('La contraseña debe tener al menos 8 caracteres')).toBeNull(),
    );
    fireEvent.click(terms);
    await waitFor(() => expect(screen.queryByText('Obligatorio')).toBeNull());
  });

  it('says why an empty name is marked, beside the field, and sends nothing', async () => {
    const network = stubFetch({});
    renderWithRouter(<LoginScreen initialView="register" />);
    type('Nombre completo', '   ');
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'contraseña-1');
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones del servicio/ }));
    press('Crear cuenta');
    const name = screen.getByLabelText('Nombre completo');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const message = screen.getByText('Escribe tu nombre');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    expect(network.calls).toHaveLength(0);
    type('Nombre completo', 'Ana');
    await waitFor(() => expect(screen.queryByText('Escribe tu nombre')).toBeNull());
  });

  it('links the terms and the privacy policy in a new tab', () => {
    renderWithRouter(<LoginScreen initialView="register" />);
    const terms = screen.getByRole('link', { name: 'condiciones del servicio' });
    const privacy = screen.getByRole('link', { name: 'política de privacidad' });
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual(['/terminos', '_blank']);
    expect([privacy.getAttribute('href'), privacy.getAttribute('target')]).toEqual(['/privacidad', '_blank']);
  });

  it('asks for the terms before registering with Google too', async () => {
    stubFetch({});
    renderWithRouter(<LoginScreen initialView="register" />);
    press('Continuar con Google');
    expect(await screen.findByText('Obligatorio')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /condiciones del servicio/ }));
    // Only the terms are checked for Google: the empty fields above stay unmarked.
    expect(screen.getByLabelText('Nombre completo').getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones del servicio/ }));
    press('Continuar con Google');
    // Tests run without Google credentials, so past the terms the installation's answer shows.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El acceso con Google no está disponible en esta instalación.',
    );
  });

  it('creates the account and opens onboarding', async () => {
    const network = stubFetch({
      'POST /api/auth/sign-up/email': { body: { token: 't', user: authUser() } },
      'GET /api/users/me': { body: productUser({ plan_id: -1 }) },
    });
    const { router, queryClient } = renderWithRouter(<LoginScreen initialView="register" />, {
      path: '/register',
    });
    type('Nombre completo', 'Ana Pérez');
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'contraseña-1');
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones del servicio/ }));
    press('Crear cuenta');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard'));
    await waitFor(() =>
      expect(queryClient.getQueryData(accountQueryKeys.session)).toMatchObject({ isNewUser: true }),
    );
    expect(network.callsTo('POST /api/auth/sign-up/email')[0]?.body).toEqual({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      password: 'contraseña-1',
    });
  });

  it('says when the address already has an account', async () => {
    stubFetch({
      'POST /api/auth/sign-up/email': {
        status: 422,
        body: { code: 'USER_ALREADY_EXISTS', message: 'exists' },
      },
    });
    renderWithRouter(<LoginScreen initialView="register" />);
    type('Nombre completo', 'Ana Pérez');
    type('Correo electrónico', 'ana@example.com');
    type('Contraseña', 'contraseña-1');
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones del servicio/ }));
    press('Crear cuenta');
    expect((await screen.findByRole('alert')).textContent).toBe('Ya existe una cuenta con este correo');
  });

  it('goes back to the login view', () => {
    renderWithRouter(<LoginScreen initialView="register" />);
    press('¿Ya tienes una cuenta? Inicia sesión');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });
});

describe('forgotten-password view (product.md §2.4)', () => {
  it('asks for a reset link and shows the confirmation, carrying over the typed e-mail', async () => {
    const network = stubFetch({ 'POST /api/auth/request-password-reset': { body: { status: true } } });
    renderWithRouter(<LoginScreen />);
    type('Correo electrónico', 'ana@example.com');
    press('¿Olvidaste tu contraseña?');
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('ana@example.com');
    press('Recuperar mi cuenta');
    expect(await screen.findByRole('heading', { name: 'Revisa tu bandeja de entrada' })).toBeTruthy();
    expect(screen.getByText(/spam/)).toBeTruthy();
    expect(network.callsTo('POST /api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ana@example.com',
      redirectTo: '/reset-password',
    });
    press('Volver a iniciar sesión');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('marks an empty e-mail invalid', async () => {
    const network = stubFetch({});
    renderWithRouter(<LoginScreen />);
    press('¿Olvidaste tu contraseña?');
    press('Recuperar mi cuenta');
    await waitFor(() =>
      expect(screen.getByLabelText('Correo electrónico').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(network.calls).toHaveLength(0);
  });
});

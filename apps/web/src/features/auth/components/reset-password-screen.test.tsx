import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { ResetPasswordScreen } from './reset-password-screen.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LINK = '/reset-password?mode=resetPassword&oobCode=abc123';
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));
/** The link's check answers that it still works. */
const VALID = { 'POST /api/password-reset/check': { body: { state: 'valid' } } };
/** The form appears once the link has been checked. */
const formShown = () => screen.findByLabelText('Nueva contraseña');

describe('set-new-password screen (product.md §2.4, §5)', () => {
  it.each([
    ['without mode or code', '/reset-password'],
    ['without a code', '/reset-password?mode=resetPassword'],
    ['without the mode', '/reset-password?oobCode=abc123'],
  ])('says the link is not valid %s, and cannot be submitted', (_case, path) => {
    const network = stubFetch({});
    renderWithRouter(<ResetPasswordScreen />, { path });
    expect(screen.getByRole('heading', { name: 'Establecer nueva contraseña' })).toBeTruthy();
    expect(screen.getByText('El enlace de recuperación no es válido o ha expirado.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Restablecer contraseña' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    expect(network.calls).toHaveLength(0);
  });

  it.each([
    ['expired', 'El enlace ha expirado'],
    ['invalid', 'El enlace no es válido o ya ha sido usado'],
  ])('says a link that is %s before any form, and offers a new one', async (state, message) => {
    const network = stubFetch({ 'POST /api/password-reset/check': { body: { state } } });
    const { router } = renderWithRouter(<ResetPasswordScreen />, { path: LINK });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restablecer contraseña' })).toBeNull();
    expect(network.callsTo('POST /api/password-reset/check')[0]?.body).toEqual({ oobCode: 'abc123' });
    fireEvent.click(screen.getByRole('link', { name: 'Enviarme un enlace nuevo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ loginView: 'forgot' });
  });

  it("shows 'Las contraseñas no coinciden' for different passwords and sends nothing", async () => {
    const network = stubFetch(VALID);
    renderWithRouter(<ResetPasswordScreen />, { path: LINK });
    await formShown();
    type('Nueva contraseña', 'nueva-clave-123');
    type('Confirmar contraseña', 'otra-clave-123');
    submit();
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(network.callsTo('POST /api/password-reset/confirm')).toHaveLength(0);
  });

  it('marks passwords under 8 characters invalid', async () => {
    stubFetch(VALID);
    renderWithRouter(<ResetPasswordScreen />, { path: LINK });
    await formShown();
    type('Nueva contraseña', 'corta');
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Nueva contraseña').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByLabelText('Confirmar contraseña').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's reason prefixed with '*'", async () => {
    stubFetch({
      ...VALID,
      'POST /api/password-reset/confirm': {
        status: 400,
        body: { code: 'expired-action-code', message: 'El enlace ha expirado' },
      },
    });
    renderWithRouter(<ResetPasswordScreen />, { path: LINK });
    await formShown();
    type('Nueva contraseña', 'nueva-clave-123');
    type('Confirmar contraseña', 'nueva-clave-123');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('*El enlace ha expirado');
  });

  it.each([
    ['expired-action-code', 'El enlace ha expirado'],
    ['invalid-action-code', 'El enlace no es válido o ya ha sido usado'],
  ])('offers a new link when the code turns out %s on sending (ADR 0018)', async (code, message) => {
    stubFetch({ ...VALID, 'POST /api/password-reset/confirm': { status: 400, body: { code, message } } });
    const { router } = renderWithRouter(<ResetPasswordScreen />, { path: LINK });
    await formShown();
    expect(screen.queryByRole('link', { name: 'Enviarme un enlace nuevo' })).toBeNull();
    type('Nueva contraseña', 'nueva-clave-123');
    type('Confirmar contraseña', 'nueva-clave-123');
    submit();
    fireEvent.click(await screen.findByRole('link', { name: 'Enviarme un enlace nuevo' }));
    // The root opens the login screen on the forgotten-password view for this state.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ loginView: 'forgot' });
  });

  it('offers a new link when the link has no code', () => {
    renderWithRouter(<ResetPasswordScreen />, { path: '/reset-password' });
    expect(screen.getByRole('link', { name: 'Enviarme un enlace nuevo' })).toBeTruthy();
  });

  it('sends the code and the password, then counts down 5, 4, 3, 2, 1 and goes to the login', async () => {
    vi.useFakeTimers();
    const network = stubFetch({ ...VALID, 'POST /api/password-reset/confirm': { body: { status: true } } });
    const { router } = renderWithRouter(<ResetPasswordScreen />, { path: LINK });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    type('Nueva contraseña', 'nueva-clave-123');
    type('Confirmar contraseña', 'nueva-clave-123');
    submit();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Contraseña restablecida' })).toBeTruthy();
    expect(network.callsTo('POST /api/password-reset/confirm')[0]?.body).toEqual({
      oobCode: 'abc123',
      password: 'nueva-clave-123',
    });

    const seen: string[] = [];
    for (let second = 0; second < 5; second++) {
      seen.push(screen.getByText(/Te llevamos al inicio de sesión en/).textContent ?? '');
      expect(router.state.location.pathname).toBe('/reset-password');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    }
    expect(seen).toEqual([5, 4, 3, 2, 1].map((n) => `Te llevamos al inicio de sesión en ${n}…`));
    expect(router.state.location.pathname).toBe('/');
  });
});

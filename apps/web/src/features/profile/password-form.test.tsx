import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { PasswordForm } from './password-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

describe('the password change (ADR 0047)', () => {
  it('shows every rule on submit, focuses the first wrong field, and sends nothing', async () => {
    const network = stubFetch({});
    renderWithRouter(<PasswordForm />);
    type('Nueva contraseña', 'corta');
    type('Repite la nueva contraseña', 'otra');
    submit();
    expect(await screen.findByText('Escribe tu contraseña actual')).toBeTruthy();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres')).toBeTruthy();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(document.activeElement).toBe(input('Contraseña actual'));
    expect(network.calls).toHaveLength(0);
  });

  it('re-checks on change only a field that shows an error', async () => {
    stubFetch({});
    renderWithRouter(<PasswordForm />);
    type('Contraseña actual', 'vieja-clave');
    type('Nueva contraseña', 'una-clave-larga');
    type('Repite la nueva contraseña', 'distinta');
    submit();
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    // No error on the new password: changing it to a short one shows nothing until the next submit.
    type('Nueva contraseña', 'corta');
    type('Repite la nueva contraseña', 'corta');
    await waitFor(() => expect(screen.queryByText('Las contraseñas no coinciden')).toBeNull());
    expect(screen.queryByText('La contraseña debe tener al menos 8 caracteres')).toBeNull();
    submit();
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres')).toBeTruthy();
  });

  it('sends the change, empties the fields and says so; a wrong current password is named', async () => {
    let answer = { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } };
    const network = stubFetch({ 'POST /api/auth/change-password': () => answer });
    renderWithRouter(<PasswordForm />);
    type('Contraseña actual', 'vieja-clave');
    type('Nueva contraseña', 'una-clave-larga');
    type('Repite la nueva contraseña', 'una-clave-larga');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('La contraseña actual no es correcta');
    answer = { status: 200, body: {} as never };
    submit();
    expect(
      await screen.findByText('Contraseña cambiada. Hemos cerrado tus sesiones en otros dispositivos.'),
    ).toBeTruthy();
    expect(input('Contraseña actual').value).toBe('');
    expect(network.callsTo('POST /api/auth/change-password')[1]?.body).toEqual({
      currentPassword: 'vieja-clave',
      newPassword: 'una-clave-larga',
      revokeOtherSessions: true,
    });
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithRouter } from '../../test/render.tsx';
import { NameForm } from './name-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const input = () => screen.getByLabelText('Nombre completo') as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const save = () => screen.getByRole('button', { name: 'Guardar nombre' }) as HTMLButtonElement;

describe('the profile name (ADR 0047)', () => {
  it('saves only a changed name, trimmed, and starts afresh after the save', async () => {
    const onSaved = vi.fn();
    const network = stubFetch({
      'PATCH /api/users/me': { body: { id: 1, full_name: 'Marta Ruiz', email: 'marta@example.com' } },
    });
    renderWithRouter(<NameForm fullName="Lucía Gómez" onSaved={onSaved} />);
    expect(save().disabled).toBe(true);
    type('  Marta Ruiz ');
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    expect(await screen.findByText('Nombre guardado')).toBeTruthy();
    expect(network.callsTo('PATCH /api/users/me')[0]?.body).toEqual({ full_name: 'Marta Ruiz' });
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(input().value).toBe('Marta Ruiz');
    // A change clears the status; an emptied name is only flagged on the next submit.
    type('');
    expect(screen.queryByText('Nombre guardado')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Escribe tu nombre')).toBeNull();
  });

  it('names an empty or too long name on submit, and clears the message once it is fixed', async () => {
    const network = stubFetch({});
    renderWithRouter(<NameForm fullName="Lucía Gómez" onSaved={vi.fn()} />);
    type('   ');
    fireEvent.click(save());
    expect(await screen.findByText('Escribe tu nombre')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    type('x'.repeat(101));
    expect(await screen.findByText('El nombre no puede superar 100 caracteres')).toBeTruthy();
    type('Marta');
    await waitFor(() => expect(screen.queryByText('El nombre no puede superar 100 caracteres')).toBeNull());
    expect(network.calls).toHaveLength(0);
  });

  it('shows a failed save under the field', async () => {
    stubFetch({ 'PATCH /api/users/me': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'boom' } } });
    renderWithRouter(<NameForm fullName="Lucía Gómez" onSaved={vi.fn()} />);
    type('Marta');
    fireEvent.click(save());
    expect(await screen.findByText('No se ha podido guardar el nombre. Inténtalo de nuevo.')).toBeTruthy();
  });
});

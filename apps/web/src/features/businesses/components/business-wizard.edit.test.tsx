import type { Business } from '@rumbo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleEstablished, sampleIdea } from '../../../test/businesses.ts';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { button, chooseFile, field, png, renderWizard, type } from '../../../test/wizard-test-kit.tsx';
import { businessQueryKeys } from '../api/businesses.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the edit wizard (product.md §2.8)', () => {
  it("has four steps and 'Guardar cambios' at the end", () => {
    stubFetch({});
    renderWizard({ mode: 'edit', business: sampleIdea() });
    expect(screen.getByRole('dialog', { name: 'Editar chat' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Paso 1 de 4');
    expect(field('Nombre').value).toBe('Oliva Directa');
    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Continuar'));
    expect(button('Guardar cambios')).toBeTruthy();
  });

  it("asks '¿Quieres guardar los cambios?' on the first close; 'Salir sin guardar' leaves unsaved", () => {
    const network = stubFetch({});
    const { onExit } = renderWizard({ mode: 'edit', business: sampleIdea() });
    type('Nombre', 'Otro nombre');
    fireEvent.click(button('Cerrar'));
    const popup = screen.getByRole('alertdialog', { name: '¿Quieres guardar los cambios?' });
    expect(onExit).not.toHaveBeenCalled();
    fireEvent.click(within(popup).getByRole('button', { name: 'Salir sin guardar' }));
    expect(onExit).toHaveBeenCalledTimes(1);
    expect(network.calls).toHaveLength(0);
  });

  it('leaves on the second close after the popup was dismissed', () => {
    stubFetch({});
    const { onExit } = renderWizard({ mode: 'edit', business: sampleIdea() });
    type('Nombre', 'Otro nombre');
    fireEvent.click(button('Cerrar'));
    const popup = screen.getByRole('alertdialog');
    fireEvent.keyDown(within(popup).getByRole('button', { name: 'Salir sin guardar' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onExit).not.toHaveBeenCalled();
    fireEvent.click(button('Cerrar'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('leaves at once when nothing changed, also after a change is undone (ADR 0018)', () => {
    stubFetch({});
    const { onExit } = renderWizard({ mode: 'edit', business: sampleIdea() });
    fireEvent.click(button('Continuar'));
    fireEvent.click(button('Cerrar'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('undoing a change leaves without asking', () => {
    stubFetch({});
    const { onExit } = renderWizard({ mode: 'edit', business: sampleIdea() });
    type('Nombre', 'Otro nombre');
    type('Nombre', 'Oliva Directa');
    fireEvent.click(button('Cerrar'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('Escape closes like the close button: it asks after a change, and leaves without one', () => {
    stubFetch({});
    const first = renderWizard({ mode: 'edit', business: sampleIdea() });
    type('Nombre', 'Otro nombre');
    fireEvent.keyDown(field('Nombre'), { key: 'Escape' });
    expect(screen.getByRole('alertdialog', { name: '¿Quieres guardar los cambios?' })).toBeTruthy();
    expect(first.onExit).not.toHaveBeenCalled();
    first.unmount();

    const second = renderWizard({ mode: 'edit', business: sampleIdea() });
    fireEvent.keyDown(field('Nombre'), { key: 'Escape' });
    expect(second.onExit).toHaveBeenCalledTimes(1);
  });

  it("'Guardar cambios' in the popup patches the business and updates the cache", async () => {
    const saved = sampleEstablished({ name: 'Panadería Luna' });
    const network = stubFetch({
      'PATCH /api/businesses/established/9': { body: saved },
      'PUT /api/businesses/established/9/logo': {
        body: { logo_url: '/api/businesses/established/9/logo?v=2' },
      },
    });
    const { onDone, queryClient } = renderWizard({ mode: 'edit', business: sampleEstablished() });
    queryClient.setQueryData(businessQueryKeys.list, [sampleIdea({ id: 4 }), sampleEstablished()]);
    chooseFile(png('nuevo.png'));
    network.calls.length = 0;
    type('Nombre', 'Panadería Luna');
    fireEvent.click(button('Cerrar'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(network.callsTo('PATCH /api/businesses/established/9')[0]?.body).toMatchObject({
      name: 'Panadería Luna',
      billing_currency: 'dollar',
      ebitda_currency: 'dollar',
    });
    // The chosen file is uploaded after the data. (An earlier test's research request may land here.)
    const businessCalls = network.calls.filter((call) => call.path.startsWith('/api/businesses'));
    expect(businessCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PATCH /api/businesses/established/9',
      'PUT /api/businesses/established/9/logo',
    ]);
    expect(queryClient.getQueryData<Business[]>(businessQueryKeys.list)?.[1]?.name).toBe('Panadería Luna');
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { OnboardingScreen } from './onboarding-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const continueButton = () => screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;

function renderOnboarding(skipBusinessStep = false) {
  const onFinish = vi.fn();
  renderWithRouter(
    <OnboardingScreen
      headerAction={<button type="button">Cerrar sesión</button>}
      skipBusinessStep={skipBusinessStep}
      onFinish={onFinish}
      businessStep={(back) => (
        <button type="button" onClick={back}>
          formulario del negocio
        </button>
      )}
    />,
  );
  return { onFinish };
}

describe('onboarding (product.md §2.5, §3)', () => {
  it('asks where the user found us, keeps it on the user, then when they started, then the business', async () => {
    const network = stubFetch({ 'PUT /api/users/me/onboarding': { status: 204 } });
    renderOnboarding();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '¿Dónde nos has conocido?' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Amigos/familia',
      'Instagram',
      'TikTok',
      'YouTube',
      'Búsqueda en Google',
      'Incubadora/aceleradora',
      'Otro',
    ]);
    expect(continueButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Búsqueda en Google' }));
    expect(continueButton().disabled).toBe(false);
    fireEvent.click(continueButton());

    expect(
      await screen.findByRole('heading', { name: '¿Cuándo empezaste tu aventura emprendedora?' }),
    ).toBeTruthy();
    expect(network.callsTo('PUT /api/users/me/onboarding').map((call) => call.body)).toEqual([
      { discovery_source: 'google' },
    ]);
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Acabo de empezar',
      'Hace más de 2 años',
      'Hace más de 5 años',
      'Hace más de 8 años',
    ]);
    expect(continueButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Hace más de 5 años' }));
    fireEvent.click(continueButton());
    expect(localStorage.getItem('rumbo.onboarding.experience')).toBe('5years');
    expect(screen.getByText('Paso 3 de 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'formulario del negocio' }));
    expect(screen.getByRole('heading', { name: '¿Cuándo empezaste tu aventura emprendedora?' })).toBeTruthy();
  });

  it('stays on step 1 with a Spanish error when the answer cannot be saved', async () => {
    stubFetch({
      'PUT /api/users/me/onboarding': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
    });
    renderOnboarding();
    fireEvent.click(screen.getByRole('radio', { name: 'Instagram' }));
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido guardar tu respuesta. Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(screen.getByRole('heading', { name: '¿Dónde nos has conocido?' })).toBeTruthy();
  });

  it('finishes after step 2 when the business is already registered', async () => {
    stubFetch({ 'PUT /api/users/me/onboarding': { status: 204 } });
    const { onFinish } = renderOnboarding(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Otro' }));
    fireEvent.click(continueButton());
    fireEvent.click(await screen.findByRole('radio', { name: 'Acabo de empezar' }));
    fireEvent.click(continueButton());
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });
});

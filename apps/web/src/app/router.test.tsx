import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the route table (spec §2.1)', () => {
  it.each([
    ['/tools', 'Herramientas!'],
    ['/chats', 'Aquí empieza algo grande...'],
    ['/chats/true', 'Aquí empieza algo grande...'],
    ['/new-business', 'Crear nuevo chat'],
    ['/edit-business/idea/4', 'Editar chat'],
    ['/plans', 'Selecciona un plan para continuar'],
    ['/stripe_cancel', 'No se ha podido realizar el pago'],
    ['/profile/sub', 'Suscripción'],
    ['/reset-password', 'Establecer nueva contraseña'],
  ])('%s shows its screen', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('sends any other path to the root', async () => {
    const router = renderAt('/no/such/screen');
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(router.state.location.pathname).toBe('/');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleEstablished, sampleIdea } from '../../../test/businesses.ts';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { ChatsDashboard } from './chats-dashboard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDashboard(planId: number, path = '/chats') {
  return renderWithRouter(
    [
      { path: '/chats', element: <ChatsDashboard planId={planId} /> },
      { path: '*', element: <p>otra pantalla</p> },
    ],
    { path },
  );
}

describe('the chats dashboard (product.md §2.9)', () => {
  it('shows one card per business with its logo or a default icon, and Entrar', async () => {
    stubFetch({ 'GET /api/businesses': { body: [sampleIdea(), sampleEstablished()] } });
    renderDashboard(7);
    expect(screen.getByRole('heading', { name: 'Aquí empieza algo grande...' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Chats' })).toBeTruthy();
    const idea = await screen.findByRole('article', { name: 'Oliva Directa' });
    expect(within(idea).getByRole('img', { name: 'Logo de Oliva Directa' }).getAttribute('src')).toBe(
      '/api/businesses/ideas/4/logo?v=abc',
    );
    expect(within(idea).getByRole('link', { name: 'Entrar en Oliva Directa' }).getAttribute('href')).toBe(
      '/chat/idea/4',
    );
    const established = screen.getByRole('article', { name: 'Panadería Sol' });
    expect(within(established).queryByRole('img')).toBeNull();
    expect(
      within(established)
        .getByRole('link', { name: /Entrar/ })
        .getAttribute('href'),
    ).toBe('/chat/established/9');
    // Plan 7 allows three: the add card creates.
    expect(screen.getByRole('link', { name: /Crear nuevo chat/ }).getAttribute('href')).toBe('/new-business');
  });

  it('sends the add card to the subscription when the plan limit is reached', async () => {
    stubFetch({ 'GET /api/businesses': { body: [sampleIdea()] } });
    renderDashboard(5);
    const add = await screen.findByRole('link', { name: /límite de tu plan/ });
    expect(add.getAttribute('href')).toBe('/profile/sub');
  });

  it('shows an empty state with the add card', async () => {
    stubFetch({ 'GET /api/businesses': { body: [] } });
    renderDashboard(9);
    expect(await screen.findByText(/Todavía no tienes ningún chat/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Crear nuevo chat/ }).getAttribute('href')).toBe('/new-business');
  });

  it('shows a retry when the list fails to load', async () => {
    let fail = true;
    stubFetch({
      'GET /api/businesses': () =>
        fail ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } } : { body: [sampleIdea()] },
    });
    renderDashboard(9);
    expect((await screen.findByRole('alert')).textContent).toBe('No se han podido cargar tus chats.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Oliva Directa' })).toBeTruthy();
  });

  it('opens the three-dot menu with the keyboard and goes to the edit wizard', async () => {
    stubFetch({ 'GET /api/businesses': { body: [sampleIdea()] } });
    const { router } = renderDashboard(9);
    const menuButton = await screen.findByRole('button', { name: 'Opciones de Oliva Directa' });
    expect(menuButton.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu');
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Editar');
    // The keys go to the focused item, as in a browser; Radix moves focus on the next tick.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Estudio de mercado'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Plan financiero'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Hoja de ruta'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Eliminar'));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Editar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-business/idea/4'));
  });

  it('opens the business’s market-research report from its menu', async () => {
    stubFetch({ 'GET /api/businesses': { body: [sampleIdea()] } });
    const { router } = renderDashboard(9);
    fireEvent.click(await screen.findByRole('button', { name: 'Opciones de Oliva Directa' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Estudio de mercado' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/4'));
  });

  it('opens the business’s financial plan from its menu', async () => {
    stubFetch({ 'GET /api/businesses': { body: [sampleIdea()] } });
    const { router } = renderDashboard(9);
    fireEvent.click(await screen.findByRole('button', { name: 'Opciones de Oliva Directa' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Plan financiero' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/finanzas/4'));
  });

  it('removes a business only after the server confirms the deletion', async () => {
    let confirm: (() => void) | undefined;
    const network = stubFetch({
      'GET /api/businesses': { body: [sampleIdea(), sampleEstablished()] },
      'DELETE /api/businesses/ideas/4': () =>
        new Promise((resolve) => {
          confirm = () => resolve({ status: 204 });
        }),
    });
    renderDashboard(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Opciones de Oliva Directa' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar Oliva Directa?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(network.callsTo('DELETE /api/businesses/ideas/4')).toHaveLength(1));
    // Still there, under the open dialog (which hides the page from assistive technology).
    expect(screen.getByRole('article', { name: 'Oliva Directa', hidden: true })).toBeTruthy();
    confirm?.();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Oliva Directa', hidden: true })).toBeNull(),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Panadería Sol' })).toBeTruthy();
  });

  it('keeps the business and says so when the deletion fails', async () => {
    stubFetch({
      'GET /api/businesses': { body: [sampleIdea()] },
      'DELETE /api/businesses/ideas/4': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
    });
    renderDashboard(9);
    fireEvent.click(await screen.findByRole('button', { name: 'Opciones de Oliva Directa' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se ha podido eliminar. Inténtalo de nuevo.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('article', { name: 'Oliva Directa' })).toBeTruthy();
  });

  it('offers to refresh the market study of the business just edited, and shows a refusal in Spanish', async () => {
    const message =
      'Ya usaste la investigación de mercado de este periodo. Mejora al plan CEO para investigar sin límite.';
    const network = stubFetch({
      'GET /api/businesses': { body: [sampleIdea()] },
      'POST /api/researches': { status: 403, body: { code: 'RESEARCH_NOT_ALLOWED', message } },
    });
    renderWithRouter([{ path: '/chats', element: <ChatsDashboard planId={5} edited={4} /> }], {
      path: '/chats',
    });
    const offer = await screen.findByRole('region', { name: 'Actualizar el estudio de mercado' });
    expect(offer.textContent).toContain('Has guardado los cambios de Oliva Directa.');
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar estudio' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    expect(network.callsTo('POST /api/researches')[0]?.body).toMatchObject({ business_id: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(screen.queryByRole('region', { name: 'Actualizar el estudio de mercado' })).toBeNull();
  });

  it('offers nothing on Starter, which has no research', async () => {
    stubFetch({ 'GET /api/businesses': { body: [sampleIdea()] } });
    renderWithRouter([{ path: '/chats', element: <ChatsDashboard planId={9} edited={4} /> }], {
      path: '/chats',
    });
    expect(await screen.findByRole('article', { name: 'Oliva Directa' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Actualizar el estudio de mercado' })).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleIdea } from '../../../test/businesses.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { ChatHeader } from './chat-header.tsx';

const LONG_NAME = 'Cooperativa Agroalimentaria de Aceite de Oliva Virgen Extra de la Sierra Sur';

function renderHeader(sidebarOpen = false) {
  const onOpenSidebar = vi.fn();
  const view = renderWithRouter(
    <ChatHeader
      business={sampleIdea({ name: LONG_NAME })}
      sidebarOpen={sidebarOpen}
      planId={7}
      credits={120}
      creditsCounter={() => null}
      onOpenSidebar={onOpenSidebar}
      onNewChat={() => {}}
    />,
    { path: '/chat/idea/4' },
  );
  return { ...view, onOpenSidebar };
}

describe('chat header (product.md §2.6, ADR 0018)', () => {
  it('shows the whole business name, on up to two lines, with the full name as a tooltip', () => {
    renderHeader();
    const name = screen.getByRole('heading', { level: 1, name: LONG_NAME });
    expect(name.getAttribute('title')).toBe(LONG_NAME);
    expect(name.className).toContain('line-clamp-2');
    expect(name.className).not.toContain('truncate');
  });

  it("names its close 'Salir del chat', which goes back to /chats", () => {
    const { router } = renderHeader(true);
    fireEvent.click(screen.getByRole('link', { name: 'Salir del chat' }));
    expect(router.state.location.pathname).toBe('/chats');
    // The sidebar's toggle shows only while the sidebar is closed.
    expect(screen.queryByRole('button', { name: 'Abrir el historial' })).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

describe('skip link', () => {
  it('moves focus to the main content without changing the address', () => {
    const { router } = renderWithRouter(
      <>
        <SkipLink />
        <nav>
          <a href="/uno">Uno</a>
        </nav>
        <div id={MAIN_CONTENT_ID} tabIndex={-1}>
          Contenido
        </div>
      </>,
      { path: '/chats' },
    );
    const link = screen.getByRole('link', { name: 'Saltar al contenido' });
    fireEvent.click(link);
    expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID);
    expect(router.state.location.pathname).toBe('/chats');
    expect(router.state.location.hash).toBe('');
  });
});

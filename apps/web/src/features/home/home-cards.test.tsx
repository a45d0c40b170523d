import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/render.tsx';
import { FeedbackCard, TutorialCard } from './home-cards.tsx';

describe('home cards (spec §2.9)', () => {
  it('opens the configured contact page in a new tab', () => {
    render(<FeedbackCard url="https://ayuda.example/contacto" />);
    const link = screen.getByRole('link', { name: /Enviar comentarios/ });
    expect(link.getAttribute('href')).toBe('https://ayuda.example/contacto');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('(se abre en una pestaña nueva)');
  });

  it('says that feedback is not configured instead of offering a dead link', () => {
    render(<FeedbackCard url={undefined} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/todavía no está configurado/)).toBeTruthy();
  });

  it('links a configured tutorial video (no embedded frame), or says it is coming', () => {
    const { container, rerender } = render(
      <TutorialCard productName="Rumbo" videoUrl="https://videos.example/tutorial" />,
    );
    expect(screen.getByRole('heading', { name: 'Aprende a usar Rumbo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ver el tutorial/ }).getAttribute('target')).toBe('_blank');
    expect(container.querySelector('iframe')).toBeNull();
    rerender(<TutorialCard productName="Rumbo" videoUrl={undefined} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('El vídeo tutorial estará disponible muy pronto.')).toBeTruthy();
  });
});

import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/render.tsx';
import { useRevealedText } from './use-revealed-text.ts';

function Revealed({ text, streaming }: { text: string; streaming: boolean }) {
  return <p>{useRevealedText(text, streaming)}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the streamed text reveal (product.md §9)', () => {
  it('shows streamed text at one character per millisecond, and keeps going after the stream ends', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const { container, rerender } = render(<Revealed text="" streaming />);
    const text = 'x'.repeat(1000);
    rerender(<Revealed text={text} streaming />);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    const shown = container.textContent?.length ?? 0;
    expect(shown).toBeGreaterThanOrEqual(150);
    expect(shown).toBeLessThanOrEqual(250);

    rerender(<Revealed text={text} streaming={false} />);
    expect(container.textContent?.length).toBe(shown);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(container.textContent).toBe(text);
  });

  it('shows at once a text that was complete when it appeared', () => {
    const { container } = render(<Revealed text="Respuesta guardada" streaming={false} />);
    expect(container.textContent).toBe('Respuesta guardada');
  });
});

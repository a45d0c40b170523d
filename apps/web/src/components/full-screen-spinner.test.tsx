import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import { DOTS_INTERVAL_MS, FullScreenSpinner } from './full-screen-spinner.tsx';

describe('FullScreenSpinner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Cargando' with 0 to 3 dots, one more every 500 ms, then starts again", () => {
    render(<FullScreenSpinner />);
    const status = screen.getByRole('status');
    const seen = [status.textContent];
    for (let i = 0; i < 5; i++) {
      act(() => {
        vi.advanceTimersByTime(DOTS_INTERVAL_MS);
      });
      seen.push(status.textContent);
    }
    expect(DOTS_INTERVAL_MS).toBe(500);
    expect(seen).toEqual(['Cargando', 'Cargando.', 'Cargando..', 'Cargando...', 'Cargando', 'Cargando.']);
  });

  it('is also the first paint of index.html, before the JavaScript has loaded, with the same look and word', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const painted = page.querySelector('#root > [role="status"]');
    const { container } = render(<FullScreenSpinner />);
    const rendered = container.querySelector('[role="status"]');
    expect(painted?.textContent?.trim()).toBe('Cargando');
    expect(painted?.className).toBe(rendered?.className);
    const classesOf = (node: Element | null | undefined) =>
      [...(node?.querySelectorAll('*') ?? [])].map((child) => child.getAttribute('class'));
    expect(classesOf(painted)).toEqual(classesOf(rendered).slice(0, 2));
  });
});

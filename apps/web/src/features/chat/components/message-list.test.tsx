import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubLayoutObservers } from '../../../test/browser-stubs.ts';
import '../../../test/render.tsx';
import type { ChatMessageView } from '../messages.ts';
import { MessageList } from './message-list.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (n: number): ChatMessageView => ({
  key: `m${n}`,
  id: n,
  sender: 'ai_model',
  content: `Respuesta ${n}`,
  finished: true,
  streaming: false,
  exhausted: false,
  interrupted: false,
  attachments: [],
});

/** jsdom lays nothing out: the list's heights are set by hand, and scrolling is setting scrollTop. */
function listWithHeights() {
  stubLayoutObservers();
  render(
    <MemoryRouter>
      <MessageList chatKey="1" messages={[answer(1), answer(2)]} />
    </MemoryRouter>,
  );
  const list = screen.getByRole('region', { name: 'Conversación' });
  let scrollHeight = 2000;
  Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  const grow = (px: number) => {
    scrollHeight += px;
  };
  return { list, grow };
}

const jump = () => screen.queryByRole('button', { name: 'Ir al último mensaje' });

describe('following the latest message', () => {
  it('keeps following when the content grows under a scroll the reader did not make', () => {
    const { list, grow } = listWithHeights();
    list.scrollTop = 1400;
    act(() => {
      fireEvent.scroll(list);
    });
    // An answer's end: the content grew by a line before the scroll event of a layout change was handled.
    grow(60);
    act(() => {
      fireEvent.scroll(list);
    });
    expect(jump()).toBeNull();
    expect(list.scrollTop).toBe(2060);
  });

  it('stops following when the reader scrolls up, and offers to go back down', () => {
    const { list } = listWithHeights();
    list.scrollTop = 1400;
    act(() => {
      fireEvent.scroll(list);
    });
    fireEvent.wheel(list, { deltaY: -700 });
    list.scrollTop = 700;
    act(() => {
      fireEvent.scroll(list);
    });
    const button = jump();
    expect(button).not.toBeNull();
    act(() => {
      button?.click();
    });
    expect(jump()).toBeNull();
    expect(list.scrollTop).toBe(2000);
  });
});

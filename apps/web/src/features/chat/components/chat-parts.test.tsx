import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubLayoutObservers } from '../../../test/browser-stubs.ts';
import '../../../test/render.tsx';
import { MarkdownAnswer } from '../../../components/markdown-answer.tsx';
import type { ChatMessageView } from '../messages.ts';
import { CapacityNotice, COPY_REVERT_MS } from './capacity-notice.tsx';
import { ChatInput } from './chat-input.tsx';
import { MESSAGE_PAGE, MessageList } from './message-list.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AI answers as markdown', () => {
  it('renders no raw HTML and opens safe links in a new tab', () => {
    const { container } = render(
      <MarkdownAnswer
        streaming={false}
        text={
          'Hola <img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n' +
          '[guía](https://example.com/guia) y [malo](javascript:alert(3))'
        }
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/guia']);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('the capacity notification', () => {
  it('can be closed only when completed, and its copy label comes back after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { rerender } = render(<CapacityNotice start={Date.now()} businessName="Oliva" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: 'Cerrar aviso' })).toHaveProperty('disabled', true);

    rerender(<CapacityNotice start={Date.now() - 600_000} businessName="Oliva" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    // The notice keeps its own clock: completed once 10 minutes have passed since `start`.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600_000);
    });
    const copy = await screen.findByRole('button', { name: 'Copiar pregunta' });
    fireEvent.click(copy);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copiada' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledOnce();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COPY_REVERT_MS);
    });
    expect(screen.getByRole('button', { name: 'Copiar pregunta' })).toBeTruthy();

    const close = screen.getByRole('button', { name: 'Cerrar aviso' });
    expect(close).toHaveProperty('disabled', false);
    fireEvent.click(close);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('the message input', () => {
  it('grows with its text up to 200 px, and measures nothing while it is empty', () => {
    // jsdom lays nothing out: a line is 24 px and the padding 16 px, and each read of the height is counted.
    const reads = vi.fn();
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        reads();
        return this.value.split('\n').length * 24 + 16;
      },
    });
    try {
      render(
        <ChatInput
          productName="Rumbo"
          canSend
          streaming={false}
          onSend={async () => true}
          onStop={() => {}}
          onNotices={() => {}}
        />,
      );
      const field = screen.getByLabelText('Mensaje') as HTMLTextAreaElement;
      // Opening the chat: one row from the CSS, and no layout forced to measure it.
      expect(reads).not.toHaveBeenCalled();
      expect(field.style.height).toBe('');

      fireEvent.change(field, { target: { value: 'Hola' } });
      expect(field.style.height).toBe('40px');
      fireEvent.change(field, { target: { value: 'Hola\n¿qué tal?\nBien' } });
      expect(field.style.height).toBe('88px');
      fireEvent.change(field, { target: { value: 'línea\n'.repeat(20) } });
      expect(field.style.height).toBe('200px');

      reads.mockClear();
      fireEvent.change(field, { target: { value: '' } });
      expect(field.style.height).toBe('');
      expect(reads).not.toHaveBeenCalled();
    } finally {
      delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight;
    }
  });

  it('shows picked files with shortened names and sizes, and skips one that cannot be read', async () => {
    class FailingReader {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      result: string | null = null;
      error = new Error('unreadable');
      readAsDataURL() {
        this.result = 'data:image/png;base64,AAAA';
        queueMicrotask(() => this.onload?.());
      }
      readAsArrayBuffer() {
        queueMicrotask(() => this.onerror?.());
      }
    }
    vi.stubGlobal('FileReader', FailingReader);
    const onNotices = vi.fn();
    const onSend = vi.fn(async (_text: string) => true);
    render(
      <ChatInput
        productName="Rumbo"
        canSend
        streaming={false}
        onSend={onSend}
        onStop={() => {}}
        onNotices={onNotices}
      />,
    );
    const picker = screen.getByTestId('chat-file-input');
    fireEvent.change(picker, {
      target: {
        files: [
          new File([new Uint8Array(3000)], 'fotografía-del-local.png', { type: 'image/png' }),
          new File(['hola'], 'notas-de-la-reunion.txt', { type: 'text/plain' }),
        ],
      },
    });
    expect(await screen.findByText('fotografía-d...')).toBeTruthy();
    expect(screen.getByText('3 KB')).toBeTruthy();
    expect(screen.queryByText('notas-de-la-...')).toBeNull();
    expect(onNotices).toHaveBeenCalledWith([
      'No se ha podido leer «notas-de-la-reunion.txt»; no se adjuntará.',
    ]);

    // A message with only a file may be sent.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]?.[0]).toBe('');
  });
});

describe('a long conversation', () => {
  it('renders only the latest messages of a 2,000-message chat', () => {
    stubLayoutObservers();
    const messages: ChatMessageView[] = Array.from({ length: 2000 }, (_, i) => ({
      key: `m${i}`,
      id: i + 1,
      sender: i % 2 === 0 ? 'user' : 'ai_model',
      content: `Mensaje ${i + 1}`,
      finished: true,
      streaming: false,
      exhausted: false,
      interrupted: false,
      attachments: [],
    }));
    const { container } = render(
      <MemoryRouter>
        <MessageList chatKey="1" messages={messages} />
      </MemoryRouter>,
    );
    const rendered = container.querySelectorAll('article[data-message-id]');
    expect(rendered).toHaveLength(MESSAGE_PAGE);
    expect(rendered[rendered.length - 1]?.getAttribute('data-message-id')).toBe('2000');
  });

  it('is a named region that takes keyboard focus, so it scrolls without a pointer (WCAG 2.1.1)', () => {
    stubLayoutObservers();
    const messages: ChatMessageView[] = [
      {
        key: 'm1',
        id: 1,
        sender: 'ai_model',
        content: 'Una respuesta larga sin enlaces ni botones',
        finished: true,
        streaming: false,
        exhausted: false,
        interrupted: false,
        attachments: [],
      },
    ];
    render(
      <MemoryRouter>
        <MessageList chatKey="1" messages={messages} />
      </MemoryRouter>,
    );
    const conversation = screen.getByRole('region', { name: 'Conversación' });
    expect(conversation.tabIndex).toBe(0);
    expect(conversation.querySelector('article[data-message-id="1"]')).not.toBeNull();
  });
});

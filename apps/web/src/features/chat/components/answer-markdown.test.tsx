import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadMarkdownAnswer } from '../../../components/markdown-answer-loader.ts';
import {
  answers,
  CHATS,
  chat,
  input,
  renderChat,
  stubChatScreenBrowser,
  type,
} from '../../../test/chat-screen-test-kit.tsx';
import type { ChatMessageView } from '../messages.ts';
import { MessageList } from './message-list.tsx';

/* The answers' markdown renderer is a chunk of its own, loaded only when an answer will show. */

const renderer = vi.hoisted(() => {
  let release = () => {};
  const arrival = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { imports: 0, arrival, arrive: () => release() };
});

// The renderer's module arrives only when a test lets it, so that what shows meanwhile can be seen. A file
// imports it once: `imports` tells whether anything has asked for it yet.
vi.mock('../../../components/markdown-answer.tsx', async (importOriginal) => {
  renderer.imports += 1;
  await renderer.arrival;
  return importOriginal();
});

// The real preload, watched.
vi.mock('../../../components/markdown-answer-loader.ts', async (importOriginal) => {
  const loader = await importOriginal<typeof import('../../../components/markdown-answer-loader.ts')>();
  return { ...loader, preloadMarkdownAnswer: vi.fn(loader.preloadMarkdownAnswer) };
});

stubChatScreenBrowser();

beforeEach(() => {
  vi.mocked(preloadMarkdownAnswer).mockClear();
});

// The chat's first screen on a busy machine, two test files at once.
const SLOW = { timeout: 3000 };

describe('the markdown of answers, loaded on demand', () => {
  // First in the file: nothing has imported the renderer before it.
  it('is not loaded by an empty chat; focusing the message field starts loading it', async () => {
    renderChat({});
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    expect(await screen.findByText('Todavía ninguna', {}, SLOW)).toBeTruthy();
    expect(preloadMarkdownAnswer).not.toHaveBeenCalled();
    expect(renderer.imports).toBe(0);

    fireEvent.focus(input());
    expect(preloadMarkdownAnswer).toHaveBeenCalled();
    await waitFor(() => expect(renderer.imports).toBe(1));
  });

  it('starts loading when the user writes, or sends a suggested question', async () => {
    const { unmount } = renderChat({});
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('¿Por dónde');
    expect(preloadMarkdownAnswer).toHaveBeenCalled();
    unmount();

    vi.mocked(preloadMarkdownAnswer).mockClear();
    renderChat({ [`POST ${CHATS}/11/messages/stream`]: () => new Promise(() => {}) });
    const suggestions = await screen.findByRole('region', { name: 'Preguntas sugeridas' }, SLOW);
    const question = within(suggestions).getAllByRole('button')[0] as HTMLButtonElement;
    await waitFor(() => expect(question.disabled).toBe(false), SLOW);
    expect(preloadMarkdownAnswer).not.toHaveBeenCalled();
    fireEvent.click(question);
    expect(preloadMarkdownAnswer).toHaveBeenCalled();
  });

  it('starts loading as a stored thread opens, before its messages arrive', async () => {
    // From the address: the thread is read on arrival.
    const { unmount } = renderChat(
      { [`GET ${CHATS}`]: { body: [chat()] }, [`GET ${CHATS}/11`]: () => new Promise(() => {}) },
      { path: '/chat/idea/5?chat=11' },
    );
    await waitFor(() => expect(preloadMarkdownAnswer).toHaveBeenCalled(), SLOW);
    unmount();

    // From the history.
    vi.mocked(preloadMarkdownAnswer).mockClear();
    renderChat({
      [`GET ${CHATS}`]: { body: [chat({ title: 'Reciente' })] },
      [`GET ${CHATS}/11`]: () => new Promise(() => {}),
    });
    const nav = await screen.findByRole('navigation', { name: 'Historial de chats' }, SLOW);
    const thread = await within(nav).findByRole('button', { name: 'Reciente' }, SLOW);
    expect(preloadMarkdownAnswer).not.toHaveBeenCalled();
    fireEvent.click(thread);
    expect(await screen.findByText('Cargando la conversación', {}, SLOW)).toBeTruthy();
    expect(preloadMarkdownAnswer).toHaveBeenCalled();
    expect(answers()).toHaveLength(0);
  });

  // Last in the file: it lets the renderer arrive.
  it('shows an answer as plain text in its place until the renderer arrives, then as markdown', async () => {
    const base = { finished: true, streaming: false, exhausted: false, interrupted: false, attachments: [] };
    const messages: ChatMessageView[] = [
      { ...base, key: 'm1', id: 1, sender: 'user', content: '¿Precio?' },
      { ...base, key: 'm2', id: 2, sender: 'ai_model', content: '## Precio\n\nEmpieza en **10 €**.' },
    ];
    render(
      <MemoryRouter>
        <MessageList chatKey="1" messages={messages} actions={{ onRegenerate: () => {} }} />
      </MemoryRouter>,
    );
    const answer = answers()[0] as HTMLElement;
    const regenerate = within(answer).getByRole('button', { name: 'Regenerar la respuesta' });
    const question = screen.getByText('¿Precio?');
    // Its words without the marks, in the answer's own box; the rest of the answer is already there.
    const plain = within(answer).getByText(
      (_content, element) => element?.textContent === 'Precio\n\nEmpieza en 10 €.',
    );
    expect(plain.className).toContain('whitespace-pre-wrap');
    expect(answer.querySelector('strong, h2')).toBeNull();

    renderer.arrive();
    expect(await within(answer).findByRole('heading', { name: 'Precio' }, SLOW)).toBeTruthy();
    expect(within(answer).getByText('10 €').tagName).toBe('STRONG');
    expect(plain.isConnected).toBe(false);
    // Nothing else was drawn again.
    expect(answers()[0]).toBe(answer);
    expect(within(answer).getByRole('button', { name: 'Regenerar la respuesta' })).toBe(regenerate);
    expect(screen.getByText('¿Precio?')).toBe(question);
  });
});

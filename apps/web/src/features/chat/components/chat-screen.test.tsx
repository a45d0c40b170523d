import { CHAT_LIST_PAGE, DEFAULT_PRODUCT_NAME } from '@rumbo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answers,
  CHATS,
  chat,
  input,
  message,
  renderChat,
  stubChatScreenBrowser,
} from '../../../test/chat-screen-test-kit.tsx';

stubChatScreenBrowser();

// The answers' markdown renderer is loaded on demand: its first load in a file can outlast Testing Library's
// default 1 s on a busy machine.
const MARKDOWN = { timeout: 3000 };

describe('the chat screen (product.md §2.6, §4)', () => {
  it('opens an unsaved chat with the capitalised name and four suggested questions', async () => {
    renderChat({});
    expect(await screen.findByRole('heading', { name: 'Oliva directa', level: 2 })).toBeTruthy();
    const suggestions = within(screen.getByRole('region', { name: 'Preguntas sugeridas' })).getAllByRole(
      'button',
    );
    expect(suggestions).toHaveLength(4);
    expect(new Set(suggestions.map((b) => b.textContent)).size).toBe(4);
    expect(input().placeholder).toBe(`Envía un mensaje a ${DEFAULT_PRODUCT_NAME}`);
    expect(
      screen.getByText(
        `${DEFAULT_PRODUCT_NAME} puede cometer errores. Considera verificar la información importante.`,
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Todavía ninguna')).toBeTruthy();
    // This installation has no search provider (the default config): a CEO plan's advanced sources are not
    // 'Activado', they are the model's knowledge (ADR 0049).
    expect(screen.getByText('Sin buscador: conocimiento del modelo')).toBeTruthy();
    expect(screen.queryByText('Activado')).toBeNull();
  });

  it('shows a new chat only once its study is known, so that the notice above the questions never pushes them down', async () => {
    let answerResearch: (answer: { body: unknown }) => void = () => {};
    const { callsTo } = renderChat({
      'GET /api/businesses/5/research': () => new Promise((resolve) => (answerResearch = resolve)),
    });
    await waitFor(() => expect(callsTo(`GET ${CHATS}`)).toHaveLength(1));
    await waitFor(() => expect(callsTo('GET /api/businesses/5/research')).toHaveLength(1));
    // The threads have answered; the study has not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Preguntas sugeridas' })).toBeNull();
    answerResearch({ body: { research: null } });
    // The notice and the questions come in the same render.
    const questions = await screen.findByRole('region', { name: 'Preguntas sugeridas' });
    expect(
      screen.getByRole('complementary', { name: /aún no ha estudiado el mercado de oliva directa/i }),
    ).toBeTruthy();
    expect(within(questions).getAllByRole('button')).toHaveLength(4);
  });

  it('marks an answer that was interrupted when the server stopped', async () => {
    renderChat({
      [`GET ${CHATS}`]: { body: [chat({ id: 11, title: 'Reciente' })] },
      [`GET ${CHATS}/11`]: {
        body: {
          chat: chat({ id: 11, title: 'Reciente' }),
          messages: [
            message({ id: 1, content: '¿Precio?' }),
            message({ id: 2, sender: 'ai_model', content: 'Empieza por', interrupted: true }),
          ],
        },
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Historial de chats' });
    fireEvent.click(await within(nav).findByRole('button', { name: 'Reciente' }));
    await waitFor(() => expect(answers()[0]?.textContent).toContain('Empieza por'));
    expect(answers()[0]?.textContent).toContain('se interrumpió porque el servidor se detuvo');
  });

  it('loads the thread list in pages, older threads on request', async () => {
    const newest = Array.from({ length: CHAT_LIST_PAGE }, (_, i) =>
      chat({ id: 200 - i, title: `Chat ${200 - i}` }),
    );
    const { callsTo } = renderChat({
      [`GET ${CHATS}`]: (call) =>
        call.url.searchParams.get('before') === String(200 - CHAT_LIST_PAGE + 1)
          ? { body: [chat({ id: 7, title: 'El primero' })] }
          : { body: newest },
    });
    const nav = await screen.findByRole('navigation', { name: 'Historial de chats' });
    await waitFor(() => expect(within(nav).getAllByRole('listitem')).toHaveLength(CHAT_LIST_PAGE));
    expect(callsTo(`GET ${CHATS}`)[0]?.url.searchParams.get('limit')).toBe(String(CHAT_LIST_PAGE));
    fireEvent.click(within(nav).getByRole('button', { name: 'Ver chats anteriores' }));
    expect(await within(nav).findByRole('button', { name: 'El primero' })).toBeTruthy();
    // A short page is the last: nothing more to ask for.
    expect(within(nav).queryByRole('button', { name: 'Ver chats anteriores' })).toBeNull();
  });

  it('lists threads newest first and opens one with its messages; a thread that fails gives a new chat', async () => {
    renderChat({
      [`GET ${CHATS}`]: { body: [chat({ id: 3, title: 'Antiguo' }), chat({ id: 11, title: 'Reciente' })] },
      [`GET ${CHATS}/11`]: {
        body: {
          chat: chat({ id: 11, title: 'Reciente' }),
          messages: [
            message({ id: 1, content: '¿Precio?' }),
            message({ id: 2, sender: 'ai_model', content: '## Precio\n\nEmpieza en **10 €**.' }),
          ],
        },
      },
      [`GET ${CHATS}/3`]: { status: 500, body: { code: 'INTERNAL', message: 'x' } },
    });
    const nav = await screen.findByRole('navigation', { name: 'Historial de chats' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Reciente', 'Antiguo']),
    );
    fireEvent.click(within(nav).getByRole('button', { name: 'Reciente' }));
    expect(await screen.findByRole('heading', { name: 'Precio' }, MARKDOWN)).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Reciente' }).getAttribute('aria-current')).toBe('true');

    fireEvent.click(within(nav).getByRole('button', { name: 'Antiguo' }));
    expect(await screen.findByRole('region', { name: 'Preguntas sugeridas' })).toBeTruthy();
    expect(answers()).toHaveLength(0);
  });

  it('follows an answer still being generated on the server until it is finished', async () => {
    let reads = 0;
    renderChat(
      {
        [`GET ${CHATS}`]: { body: [chat()] },
        [`GET ${CHATS}/11`]: () => {
          reads += 1;
          const done = reads >= 3;
          return {
            body: {
              chat: chat(),
              messages: [
                message({ id: 1, content: 'Pregunta' }),
                message({
                  id: 2,
                  sender: 'ai_model',
                  content: done ? 'Respuesta completa' : 'Respuesta',
                  finished: done,
                }),
              ],
            },
          };
        },
      },
      { path: '/chat/idea/5?chat=11' },
    );
    await waitFor(() => expect(answers()[0]?.textContent).toContain('Respuesta'));
    expect(answers()[0]?.getAttribute('data-finished')).toBe('false');
    await waitFor(() => expect(answers()[0]?.getAttribute('data-finished')).toBe('true'), { timeout: 4000 });
    await waitFor(() => expect(answers()[0]?.textContent).toContain('Respuesta completa'));
  });

  it('reads the credits and the thread list again once a followed answer is finished', async () => {
    let reads = 0;
    const { callsTo } = renderChat(
      {
        [`GET ${CHATS}`]: { body: [chat()] },
        [`GET ${CHATS}/11`]: () => {
          reads += 1;
          return {
            body: {
              chat: chat(),
              messages: [
                message({ id: 1, content: 'Pregunta' }),
                message({ id: 2, sender: 'ai_model', content: 'Respuesta', finished: reads >= 2 }),
              ],
            },
          };
        },
      },
      { path: '/chat/idea/5?chat=11' },
    );
    await waitFor(() => expect(answers()[0]?.getAttribute('data-finished')).toBe('false'));
    const credits = callsTo('GET /api/users/me').length;
    const lists = callsTo(`GET ${CHATS}`).length;
    await waitFor(() => expect(answers()[0]?.getAttribute('data-finished')).toBe('true'), { timeout: 3000 });
    await waitFor(() => expect(callsTo('GET /api/users/me').length).toBeGreaterThan(credits));
    await waitFor(() => expect(callsTo(`GET ${CHATS}`).length).toBeGreaterThan(lists));
    // Finished: nothing is read again after that.
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reads).toBe(settled);
  });

  it('goes back to /chats when the business does not exist', async () => {
    renderChat({ 'GET /api/businesses': { body: [] } });
    expect(await screen.findByText('otra pantalla')).toBeTruthy();
  });
});

describe('chat screen keyboard and labels (ADR 0018)', () => {
  it("starts the Tab order with 'Saltar al contenido' and tells its two closes apart", async () => {
    renderChat({});
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 });
    const first = document.body.querySelector<HTMLElement>('a[href], button, input, select, textarea');
    expect(first?.textContent).toBe('Saltar al contenido');
    fireEvent.click(first as HTMLElement);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(screen.getByRole('link', { name: 'Salir del chat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar el historial' })).toBeTruthy();
  });
});

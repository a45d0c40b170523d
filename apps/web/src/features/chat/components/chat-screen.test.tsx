import {
  CHAT_LIST_PAGE,
  type Chat,
  creditsExhaustedMessage,
  DEFAULT_PRODUCT_NAME,
  FAILED_ANSWER_MESSAGE,
  MAX_SEND_ATTEMPTS,
  type Message,
} from '@rumbo/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ChatRoute } from '../../../app/routes/chat.tsx';
import { stubLayoutObservers } from '../../../test/browser-stubs.ts';
import { sampleIdea } from '../../../test/businesses.ts';
import { productUser, type StubRoute, stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';

const BUSINESS = sampleIdea({ id: 5, name: 'oliva directa', logo_url: null });
const CHATS = '/api/businesses/5/chats';

/** A streamed answer as the server sends it: headers first, then the text in pieces. */
function streamed(pieces: string[], options: { answerId?: number; kind?: string; cutAfter?: number } = {}) {
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.cutAfter !== undefined && sent >= options.cutAfter) {
        controller.error(new TypeError('network error'));
        return;
      }
      const piece = pieces[sent];
      if (piece === undefined) {
        controller.close();
        return;
      }
      sent += 1;
      controller.enqueue(encoder.encode(piece));
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Chat-Id': '11',
      'X-Message-Id': '20',
      'X-Answer-Id': String(options.answerId ?? 21),
      'X-Answer-Kind': options.kind ?? 'model',
    },
  });
}

function chat(overrides: Partial<Chat> = {}): Chat {
  return {
    id: 11,
    business_id: 5,
    start_time: '2026-11-21T10:00:00.000000Z',
    title: 'Validar la idea',
    ...overrides,
  };
}

function message(overrides: Partial<Message>): Message {
  return {
    id: 1,
    sender: 'user',
    content: '',
    time: '2026-11-21T10:00:00.000000Z',
    finished: true,
    fileAttachments: [],
    ...overrides,
  };
}

function renderChat(
  routes: Record<string, StubRoute>,
  { planId = 7, credits = 50 as number | null, path = '/chat/idea/5' } = {},
) {
  const stub = stubFetch({
    'GET /api/businesses': { body: [BUSINESS] },
    [`GET ${CHATS}`]: { body: [] },
    'GET /api/businesses/5/research': { body: { research: null } },
    'GET /api/users/me': { body: productUser({ plan_id: planId, available_credits: credits }) },
    [`POST ${CHATS}`]: { status: 201, body: chat({ title: '' }) },
    ...routes,
  });
  const view = renderWithRouter(
    [
      {
        path: '/chat/:type/:company',
        element: <ChatRoute />,
      },
      { path: '*', element: <p>otra pantalla</p> },
    ],
    { path },
  );
  return { ...stub, ...view };
}

const input = () => screen.getByLabelText('Mensaje') as HTMLTextAreaElement;
const answers = () => Array.from(document.querySelectorAll('article[data-sender="ai_model"]'));

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('min-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
  stubLayoutObservers();
  URL.createObjectURL = () => 'blob:local';
  URL.revokeObjectURL = () => {};
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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
    expect(screen.getByText('Activado')).toBeTruthy();
  });

  it('creates the chat on the first send, streams the answer and finishes it 1.5 s after the end', async () => {
    const { callsTo } = renderChat({
      [`POST ${CHATS}/11/messages/stream`]: { raw: streamed(['Hola, ', '**Ana**.']) },
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 });
    type('¿Por dónde empiezo?');
    fireEvent.keyDown(input(), { key: 'Enter' });

    await waitFor(() => expect(answers()[0]?.textContent).toContain('Hola, Ana.'));
    expect(answers()[0]?.querySelector('strong')?.textContent).toBe('Ana');
    expect(callsTo(`POST ${CHATS}`)).toHaveLength(1);
    const [send] = callsTo(`POST ${CHATS}/11/messages/stream`);
    const body = send?.body as { content: string; client_message_id: string } | undefined;
    expect(body?.content).toBe('¿Por dónde empiezo?');
    expect(body?.client_message_id).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(input().value).toBe('');
    // Credits: read when the screen opens, again on the first piece and at the end.
    await waitFor(() => expect(callsTo('GET /api/users/me').length).toBeGreaterThanOrEqual(3));

    expect(answers()[0]?.getAttribute('data-finished')).toBe('false');
    await waitFor(() => expect(answers()[0]?.getAttribute('data-finished')).toBe('true'), { timeout: 2500 });
  });

  it('retries a broken stream with the same client id and shows the error text after 15 attempts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = renderChat({
      [`POST ${CHATS}/11/messages/stream`]: () => ({ raw: streamed(['Parcial'], { cutAfter: 1 }) }),
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 });
    type('Hola');
    fireEvent.keyDown(input(), { key: 'Enter' });
    // Progress shows while it is tried again.
    expect(await screen.findByText(`Reintentando… (2/${MAX_SEND_ATTEMPTS})`)).toBeTruthy();
    for (let i = 0; i < MAX_SEND_ATTEMPTS; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
    }
    await waitFor(() => expect(answers()[0]?.textContent).toContain(FAILED_ANSWER_MESSAGE));
    const sends = callsTo(`POST ${CHATS}/11/messages/stream`);
    expect(sends).toHaveLength(MAX_SEND_ATTEMPTS);
    const ids = new Set(sends.map((s) => (s.body as { client_message_id: string }).client_message_id));
    expect(ids.size).toBe(1);
    expect(callsTo(`POST ${CHATS}`)).toHaveLength(1);
  });

  it('does not retry a request the server refused: its reason shows and the message goes back to the input', async () => {
    const refusals = [
      { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: '«x.exe» no se puede adjuntar' },
      {
        status: 429,
        code: 'TOO_MANY_REQUESTS',
        message: 'Has hecho demasiadas peticiones seguidas. Espera un momento y vuelve a intentarlo.',
      },
    ];
    for (const refusal of refusals) {
      const { callsTo, unmount } = renderChat({
        [`POST ${CHATS}/11/messages/stream`]: {
          status: refusal.status,
          body: { code: refusal.code, message: refusal.message },
        },
      });
      await screen.findByRole('heading', { name: 'Oliva directa', level: 2 });
      type('Mira esto');
      fireEvent.keyDown(input(), { key: 'Enter' });
      expect((await screen.findByRole('alert')).textContent).toBe(refusal.message);
      expect(callsTo(`POST ${CHATS}/11/messages/stream`)).toHaveLength(1);
      // Nothing was stored: the question leaves the conversation and its text is back, ready to send.
      await waitFor(() => expect(input().value).toBe('Mira esto'));
      expect(answers()).toHaveLength(0);
      expect(document.querySelectorAll('article[data-sender="user"]')).toHaveLength(0);
      unmount();
    }
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

  it('with no credits on Starter, answers locally with Mejorar plan and calls nothing', async () => {
    const { callsTo } = renderChat({}, { planId: 9, credits: 0 });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 });
    type('Hola');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(answers()[0]?.textContent).toContain(creditsExhaustedMessage(DEFAULT_PRODUCT_NAME, 9));
    expect(screen.getByRole('link', { name: 'Mejorar plan' }).getAttribute('href')).toBe('/profile/sub');
    expect(callsTo(`POST ${CHATS}`)).toHaveLength(0);
    // Plan 9: no research and no advanced sources, each with its tooltip.
    const off = screen.getAllByRole('button', { name: 'Desactivado' });
    expect(
      off.map((b) => document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent),
    ).toEqual([
      'Mejora tu plan para activar las investigaciones de mercado',
      'Mejora al plan CEO o al plan Empresa para acceder a fuentes avanzadas',
    ]);
  });

  it('shows the other plans’ exhausted text when the server says credits ran out', async () => {
    const text = creditsExhaustedMessage(DEFAULT_PRODUCT_NAME, 7);
    renderChat({
      [`POST ${CHATS}/11/messages/stream`]: { raw: streamed([text], { kind: 'credits_exhausted' }) },
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 });
    type('Hola');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(answers()[0]?.textContent).toContain(text));
    expect(await screen.findByRole('link', { name: 'Mejorar plan' })).toBeTruthy();
  });

  it('refuses blank text, adds a line on Shift+Enter, and blocks sending until the answer finished', async () => {
    const { callsTo } = renderChat({
      [`POST ${CHATS}/11/messages/stream`]: { raw: streamed(['Respuesta']) },
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 });
    type('   ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveProperty('disabled', true);
    type('línea');
    expect(fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true })).toBe(true);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(answers()).toHaveLength(1));
    type('otra');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(input().value).toBe('otra');
    expect(callsTo(`POST ${CHATS}/11/messages/stream`)).toHaveLength(1);
  });

  it('stops an answer: the stream ends silently, the text stays and the server is told', async () => {
    let abortSeen = false;
    const { callsTo } = renderChat({
      [`POST ${CHATS}/11/messages/stream`]: (request) => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('Primera parte'));
            request.signal?.addEventListener('abort', () => {
              abortSeen = true;
              controller.error(new DOMException('aborted', 'AbortError'));
            });
          },
        });
        return {
          raw: new Response(body, {
            headers: { 'X-Answer-Id': '21', 'X-Message-Id': '20', 'X-Answer-Kind': 'model' },
          }),
        };
      },
      [`POST ${CHATS}/11/messages/21/stop`]: {
        body: message({ id: 21, sender: 'ai_model', content: 'Primera parte y lo que faltaba' }),
      },
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 });
    type('Cuéntame');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(answers()[0]?.textContent).toContain('Primera parte'));
    fireEvent.click(screen.getByRole('button', { name: 'Detener la respuesta' }));
    await waitFor(() => expect(callsTo(`POST ${CHATS}/11/messages/21/stop`)).toHaveLength(1));
    expect(abortSeen).toBe(true);
    expect(answers()[0]?.textContent).toContain('Primera parte');
    expect(answers()[0]?.getAttribute('data-finished')).toBe('true');
    // Then the text as the server kept it, a little past what had arrived.
    await waitFor(() => expect(answers()[0]?.textContent).toContain('Primera parte y lo que faltaba'));
    expect(screen.queryByRole('alert')).toBeNull();
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
    expect(await screen.findByRole('heading', { name: 'Precio' })).toBeTruthy();
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

import {
  creditsExhaustedMessage,
  DEFAULT_PRODUCT_NAME,
  FAILED_ANSWER_MESSAGE,
  MAX_SEND_ATTEMPTS,
} from '@rumbo/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  answers,
  CHATS,
  chat,
  input,
  message,
  renderChat,
  streamed,
  stubChatScreenBrowser,
  type,
} from '../../../test/chat-screen-test-kit.tsx';

stubChatScreenBrowser();

// What the screen shows after a stubbed response: time enough when the tests run two files at once on a
// busy machine (Testing Library's default is 1 s).
const SLOW = { timeout: 3000 };

describe('the chat screen: sending and answers (product.md §2.6, §4)', () => {
  it('creates the chat on the first send, streams the answer and finishes it 1.5 s after the end', async () => {
    const { callsTo } = renderChat({
      [`POST ${CHATS}/11/messages/stream`]: { raw: streamed(['Hola, ', '**Ana**.']) },
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('¿Por dónde empiezo?');
    fireEvent.keyDown(input(), { key: 'Enter' });

    await waitFor(() => expect(answers()[0]?.textContent).toContain('Hola, Ana.'), SLOW);
    // Plain text first if need be, then markdown once its renderer, loaded on demand, has arrived.
    await waitFor(() => expect(answers()[0]?.querySelector('strong')?.textContent).toBe('Ana'), SLOW);
    expect(callsTo(`POST ${CHATS}`)).toHaveLength(1);
    const [send] = callsTo(`POST ${CHATS}/11/messages/stream`);
    const body = send?.body as { content: string; client_message_id: string } | undefined;
    expect(body?.content).toBe('¿Por dónde empiezo?');
    expect(body?.client_message_id).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(input().value).toBe('');
    // Credits: read when the screen opens, again on the first piece and at the end.
    await waitFor(() => expect(callsTo('GET /api/users/me').length).toBeGreaterThanOrEqual(3), SLOW);

    expect(answers()[0]?.getAttribute('data-finished')).toBe('false');
    await waitFor(() => expect(answers()[0]?.getAttribute('data-finished')).toBe('true'), { timeout: 4000 });
  });

  it("reads the thread list again after a new thread's first answer, until the model's title shows", async () => {
    let lists = 0;
    renderChat({
      [`GET ${CHATS}`]: () => {
        lists += 1;
        // The model names the thread a moment after the answer: only the third read has its title.
        return { body: lists >= 3 ? [chat({ title: 'Validar la idea' })] : [] };
      },
      [`POST ${CHATS}/11/messages/stream`]: { raw: streamed(['Hola']) },
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('¿Por dónde empiezo?');
    fireEvent.keyDown(input(), { key: 'Enter' });
    const nav = await screen.findByRole('navigation', { name: 'Historial de chats' }, SLOW);
    expect(
      await within(nav).findByRole('button', { name: 'Validar la idea' }, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('retries a broken stream with the same client id and shows the error text after 15 attempts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = renderChat({
      [`POST ${CHATS}/11/messages/stream`]: () => ({ raw: streamed(['Parcial'], { cutAfter: 1 }) }),
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('Hola');
    fireEvent.keyDown(input(), { key: 'Enter' });
    // Progress shows while it is tried again.
    expect(await screen.findByText(`Reintentando… (2/${MAX_SEND_ATTEMPTS})`, {}, SLOW)).toBeTruthy();
    for (let i = 0; i < MAX_SEND_ATTEMPTS; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
    }
    await waitFor(() => expect(answers()[0]?.textContent).toContain(FAILED_ANSWER_MESSAGE), SLOW);
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
      await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
      type('Mira esto');
      fireEvent.keyDown(input(), { key: 'Enter' });
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(refusal.message);
      expect(callsTo(`POST ${CHATS}/11/messages/stream`)).toHaveLength(1);
      // Nothing was stored: the question leaves the conversation and its text is back, ready to send.
      await waitFor(() => expect(input().value).toBe('Mira esto'), SLOW);
      expect(answers()).toHaveLength(0);
      expect(document.querySelectorAll('article[data-sender="user"]')).toHaveLength(0);
      unmount();
    }
  });

  it('with no credits on Starter, answers locally with Mejorar plan and calls nothing', async () => {
    const { callsTo } = renderChat({}, { planId: 9, credits: 0 });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('Hola');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(answers()[0]?.textContent).toContain(creditsExhaustedMessage(DEFAULT_PRODUCT_NAME, 9));
    expect(screen.getByRole('link', { name: 'Mejorar plan' }).getAttribute('href')).toBe('/profile/sub');
    // Only 'Mejorar plan': regenerating or editing could only be refused again.
    expect(screen.queryByRole('button', { name: /Regenerar la respuesta|Editar tu pregunta/ })).toBeNull();
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
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('Hola');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(answers()[0]?.textContent).toContain(text), SLOW);
    expect(await screen.findByRole('link', { name: 'Mejorar plan' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Regenerar la respuesta|Editar tu pregunta/ })).toBeNull();
  });

  it('refuses blank text, adds a line on Shift+Enter, and blocks sending until the answer finished', async () => {
    const { callsTo } = renderChat({
      [`POST ${CHATS}/11/messages/stream`]: { raw: streamed(['Respuesta']) },
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('   ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveProperty('disabled', true);
    type('línea');
    expect(fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true })).toBe(true);
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(answers()).toHaveLength(1), SLOW);
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
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('Cuéntame');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(answers()[0]?.textContent).toContain('Primera parte'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Detener la respuesta' }));
    await waitFor(() => expect(callsTo(`POST ${CHATS}/11/messages/21/stop`)).toHaveLength(1), SLOW);
    expect(abortSeen).toBe(true);
    expect(answers()[0]?.textContent).toContain('Primera parte');
    expect(answers()[0]?.getAttribute('data-finished')).toBe('true');
    // Then the text as the server kept it, a little past what had arrived.
    await waitFor(() => expect(answers()[0]?.textContent).toContain('Primera parte y lo que faltaba'), SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stopped before the server names the question, the stop still reaches the answer once it is named', async () => {
    let name: (() => void) | undefined;
    let abortSeen = false;
    const { callsTo } = renderChat({
      [`POST ${CHATS}/11/messages/stream`]: (request) =>
        new Promise((resolve) => {
          request.signal?.addEventListener('abort', () => {
            abortSeen = true;
          });
          name = () => {
            const body = new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('Texto que ya no se muestra'));
              },
            });
            resolve({
              raw: new Response(body, {
                headers: { 'X-Answer-Id': '21', 'X-Message-Id': '20', 'X-Answer-Kind': 'model' },
              }),
            });
          };
        }),
      [`POST ${CHATS}/11/messages/21/stop`]: {
        body: message({ id: 21, sender: 'ai_model', content: '' }),
      },
    });
    await screen.findByRole('heading', { name: 'Oliva directa', level: 2 }, SLOW);
    type('Cuéntame');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(name).toBeDefined(), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Detener la respuesta' }));
    // Shown stopped at once; the server hears of it as soon as it has named the answer.
    expect(answers()[0]?.getAttribute('data-finished')).toBe('true');
    expect(callsTo(`POST ${CHATS}/11/messages/21/stop`)).toHaveLength(0);
    act(() => name?.());
    await waitFor(() => expect(callsTo(`POST ${CHATS}/11/messages/21/stop`)).toHaveLength(1), SLOW);
    expect(abortSeen).toBe(true);
    expect(answers()[0]?.textContent).not.toContain('Texto que ya no se muestra');
  });
});

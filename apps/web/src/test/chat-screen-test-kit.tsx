import type { Chat, Message } from '@rumbo/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { Component as ChatRoute } from '../app/routes/chat.tsx';
import { stubLayoutObservers } from './browser-stubs.ts';
import { sampleIdea } from './businesses.ts';
import { productUser, type StubRoute, stubFetch } from './fetch-stub.ts';
import { renderWithRouter } from './render.tsx';

/* What the chat screen's tests share: the business, the server's answers, and rendering the route. */

export const BUSINESS = sampleIdea({ id: 5, name: 'oliva directa', logo_url: null });
export const CHATS = '/api/businesses/5/chats';

/** A streamed answer as the server sends it: headers first, then the text in pieces. */
export function streamed(
  pieces: string[],
  options: { answerId?: number; kind?: string; cutAfter?: number } = {},
) {
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

export function chat(overrides: Partial<Chat> = {}): Chat {
  return {
    id: 11,
    business_id: 5,
    start_time: '2026-11-21T10:00:00.000000Z',
    title: 'Validar la idea',
    ...overrides,
  };
}

export function message(overrides: Partial<Message>): Message {
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

export function renderChat(
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

export const input = () => screen.getByLabelText('Mensaje') as HTMLTextAreaElement;
export const answers = () => Array.from(document.querySelectorAll('article[data-sender="ai_model"]'));

export function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

/** The browser pieces jsdom lacks, stubbed around every test of a file that calls this. */
export function stubChatScreenBrowser() {
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
}

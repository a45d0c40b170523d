import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type ChatOwner, chatOwner, newChat as createChat } from './chat-owner.ts';
import { type FakeOpenAI, type FakeScript, startFakeOpenAI, tokenize } from './fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from './http-server.ts';

// What the chat API tests (chats-*.test.ts) share: a fake model, the app on a loopback server, a
// business whose profile the prompt tests read, and the requests they make.

export const ANSWER =
  '## Plan de acción\n\nPrimero, **valida la demanda** con 20 entrevistas.\n\n- Precio: 12 €\n- Canal: Instagram\n';
export const TITLE = 'Validar la demanda en Madrid';

/** The script of every streamed answer unless a test sets its own. */
export const answerScript = (): FakeScript => ({
  tokens: tokenize(ANSWER),
  usage: { prompt_tokens: 321, completion_tokens: 17 },
});

export const description =
  'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales y trazabilidad completa del origen.';
export const idea = {
  name: 'Oliva Directa',
  location: 'España',
  description,
  goal: 'Validar la demanda en Madrid',
  extra_info: 'Tenemos acuerdo con tres almazaras de Jaén',
  team_description: 'Dos fundadores con experiencia en logística',
  team_size: 2,
  user_position: 'CEO',
  competitor_existence: true,
  competitor_differentiation: 'Entrega en 24 horas y aceite de cosecha temprana',
  investment: 15000,
  investment_currency: 'euro',
};

/** The fake model (streamed answers follow `script()`; title requests always answer TITLE) and the app. */
export async function startChatServer(
  script: () => FakeScript,
): Promise<{ fake: FakeOpenAI; t: TestHttpServer }> {
  const fake = await startFakeOpenAI({
    script: (body) => (body.stream ? script() : { tokens: [TITLE] }),
  });
  const t = await startTestHttpServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-mentor',
  });
  return { fake, t };
}

/**
 * The fake model and the app, started before the file's tests and closed after them; `script` (the streamed
 * answers) starts as answerScript() in every test, which may change it.
 */
export function chatServerForFile(): { t: TestHttpServer; fake: FakeOpenAI; script: FakeScript } {
  const server = { script: answerScript() } as { t: TestHttpServer; fake: FakeOpenAI; script: FakeScript };
  beforeAll(async () => {
    Object.assign(server, await startChatServer(() => server.script));
  });
  afterAll(async () => {
    await server.t?.close();
    await server.fake?.close();
  });
  beforeEach(() => {
    server.script = answerScript();
  });
  return server;
}

/** The requests of the tests, on the server and fake model that `current` gives once started. */
export function chatRequests(current: () => { t: TestHttpServer; fake: FakeOpenAI }) {
  /** A user on `planId` with `credits` and the business `idea` (whose profile the prompt tests read). */
  const owner = (planId = 7, credits = 600) => chatOwner(current().t, { planId, credits, idea });
  const newChat = (who: ChatOwner) => createChat(current().t, who);

  function send(
    who: ChatOwner,
    chatId: number,
    body: { content: string; client_message_id?: string },
    signal?: AbortSignal,
  ) {
    return current().t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  }

  async function readChat(who: ChatOwner, chatId: number) {
    const res = await current().t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}`, {
      headers: { cookie: who.cookie },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      chat: { title: string };
      messages: Array<{
        id: number;
        sender: string;
        content: string;
        finished: boolean;
        time: string;
        fileAttachments: Array<{
          id: string;
          name: string;
          type: string;
          size: number;
          mime_type: string;
          url: string;
        }>;
      }>;
    };
  }

  const streamRequests = () => current().fake.requests.filter((r) => r.body.stream);

  return { owner, newChat, send, readChat, streamRequests };
}

export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

import crypto from 'node:crypto';
import {
  ANSWER_COST,
  assistantNotConfiguredMessage,
  CHAT_STREAM_HEADERS,
  creditsExhaustedMessage,
  FAILED_ANSWER_CONTENT,
} from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { chats, creditBalances, generations, messages } from '../../db/schema/index.ts';
import { type ChatOwner, chatOwner, newChat as createChat, storedAnswer } from '../../test/chat-owner.ts';
import { makeDocx, makePdf } from '../../test/documents.ts';
import { type FakeOpenAI, type FakeScript, startFakeOpenAI, tokenize } from '../../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../../test/http-server.ts';
import { balance, ledgerSum } from '../credits/credits.ts';

const ANSWER =
  '## Plan de acción\n\nPrimero, **valida la demanda** con 20 entrevistas.\n\n- Precio: 12 €\n- Canal: Instagram\n';
const TITLE = 'Validar la demanda en Madrid';

let fake: FakeOpenAI;
let t: TestHttpServer;
/** The script of streamed answers; title requests (not streamed) always answer TITLE. */
let script: FakeScript;

beforeAll(async () => {
  fake = await startFakeOpenAI({
    script: (body) => (body.stream ? script : { tokens: [TITLE] }),
  });
  t = await startTestHttpServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-mentor',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  script = { tokens: tokenize(ANSWER), usage: { prompt_tokens: 321, completion_tokens: 17 } };
});

const description =
  'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales y trazabilidad completa del origen.';
const idea = {
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

/** A user on `planId` with `credits` and the business `idea` (whose profile the prompt tests read). */
const owner = (planId = 7, credits = 600) => chatOwner(t, { planId, credits, idea });
const newChat = (who: ChatOwner) => createChat(t, who);

function send(
  who: ChatOwner,
  chatId: number,
  body: { content: string; client_message_id?: string },
  signal?: AbortSignal,
) {
  return t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}

async function readChat(who: ChatOwner, chatId: number) {
  const res = await t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}`, {
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
      fileAttachments: Array<{ id: string; name: string; type: string; size: number; url: string }>;
    }>;
  };
}

async function eventually<T>(
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

const streamRequests = () => fake.requests.filter((r) => r.body.stream);

describe('a streamed answer', () => {
  it('streams the model’s text, stores it with its usage, charges the answer and names the chat', async () => {
    const who = await owner(7, 600);
    const chatId = await newChat(who);
    const before = streamRequests().length;
    const res = await send(who, chatId, {
      content: '¿Cómo valido mi idea?',
      client_message_id: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('model');
    expect(await res.text()).toBe(ANSWER);
    expect(streamRequests().length).toBe(before + 1);

    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    expect(await storedAnswer(t, answerId)).toMatchObject({
      content: ANSWER,
      finished: true,
      sender: 'ai_model',
    });
    const [generation] = await t.database.db
      .select()
      .from(generations)
      .where(eq(generations.messageId, answerId));
    expect(generation).toMatchObject({
      status: 'finished',
      inputTokens: 321,
      outputTokens: 17,
      cost: ANSWER_COST,
    });
    expect(await balance(t.database.db, who.id)).toBe(600 - ANSWER_COST);
    expect(await ledgerSum(t.database.db, who.id)).toBe(-ANSWER_COST);

    const read = await eventually(
      () => readChat(who, chatId),
      (r) => r.chat.title === TITLE,
    );
    expect(read.chat.title).toBe(TITLE);
    expect(read.messages.map((m) => [m.sender, m.content, m.finished])).toEqual([
      ['user', '¿Cómo valido mi idea?', true],
      ['ai_model', ANSWER, true],
    ]);
    expect(read.messages[0]?.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it('refunds and marks the answer failed when the model’s stream breaks', async () => {
    const who = await owner(7, 50);
    const chatId = await newChat(who);
    script = { ...script, tokenDelayMs: 5, failAfterTokens: 3 };
    const res = await send(who, chatId, { content: 'Hola', client_message_id: crypto.randomUUID() });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    const [answer] = await t.database.db.select().from(messages).where(eq(messages.id, answerId));
    expect(answer).toMatchObject({ content: FAILED_ANSWER_CONTENT, finished: true });
    const [generation] = await t.database.db
      .select()
      .from(generations)
      .where(eq(generations.messageId, answerId));
    expect(generation?.status).toBe('failed');
    expect(await balance(t.database.db, who.id)).toBe(50);
  });

  it('finishes and stores the whole answer when the client goes away mid-answer', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    script = { ...script, tokenDelayMs: 40 };
    const abort = new AbortController();
    const res = await send(
      who,
      chatId,
      { content: 'Dame un plan', client_message_id: crypto.randomUUID() },
      abort.signal,
    );
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    const request = streamRequests().at(-1);
    abort.abort();
    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    // While it is generated, the database holds a growing prefix of it (written every FLUSH_MS).
    const growing = await eventually(
      async () => (await t.database.db.select().from(messages).where(eq(messages.id, answerId)))[0],
      (m) => (m?.content.length ?? 0) > 0,
    );
    if (!growing?.finished) expect(ANSWER.startsWith(growing?.content ?? 'x')).toBe(true);
    const stored = await eventually(
      async () => (await t.database.db.select().from(messages).where(eq(messages.id, answerId)))[0],
      (m) => m?.finished === true,
    );
    expect(stored).toMatchObject({ content: ANSWER, finished: true });
    await request?.ended;
    expect(request?.disconnected).toBe(false);
    const read = await readChat(who, chatId);
    expect(read.messages.at(-1)).toMatchObject({ content: ANSWER, finished: true });
  });

  it('ends the body with the text, and the chat reads finished before the end is stored', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    script = { ...script, tokenDelayMs: 20 };
    const res = await send(who, chatId, { content: 'Resúmelo', client_message_id: crypto.randomUUID() });
    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    // On PostgreSQL the answer's generation row is held locked from another connection, so its end
    // cannot be stored until the hold ends (PGlite has one connection: no such hold).
    const holder = t.database.connectionString ? new pg.Client(t.database.connectionString) : undefined;
    await holder?.connect();
    await holder?.query('begin');
    await holder?.query('select id from generations where message_id = $1 for update', [answerId]);
    try {
      expect(await res.text()).toBe(ANSWER);
      const read = await readChat(who, chatId);
      expect(read.messages.at(-1)).toMatchObject({ content: ANSWER, finished: true });
      if (holder) {
        const [row] = await t.database.db.select().from(messages).where(eq(messages.id, answerId));
        expect(row?.finished).toBe(false);
      }
    } finally {
      await holder?.query('commit');
      await holder?.end();
    }
    expect(await storedAnswer(t, answerId)).toMatchObject({ content: ANSWER, finished: true });
  });
});

describe('the rest of the chat API', () => {
  it('pages the chat list, newest first', async () => {
    const who = await owner();
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) ids.push(await newChat(who));
    const page = async (query: string) => {
      const res = await t.fetch(`/api/businesses/${who.businessId}/chats${query}`, {
        headers: { cookie: who.cookie },
      });
      return { status: res.status, body: (await res.json()) as Array<{ id: number }> };
    };
    const newest = ids.toReversed();
    const first = await page('?limit=2');
    expect(first.body.map((c) => c.id)).toEqual(newest.slice(0, 2));
    const second = await page(`?limit=2&before=${first.body.at(-1)?.id}`);
    expect(second.body.map((c) => c.id)).toEqual(newest.slice(2, 4));
    const last = await page(`?limit=2&before=${second.body.at(-1)?.id}`);
    expect(last.body.map((c) => c.id)).toEqual(newest.slice(4));
    expect((await page('?limit=101')).status).toBe(400);
    expect((await page('?limit=0')).status).toBe(400);
  });

  it('lists chats newest first and answers a send that waits for the whole answer', async () => {
    const who = await owner();
    const first = await newChat(who);
    const second = await newChat(who);
    const list = await t.fetch(`/api/businesses/${who.businessId}/chats`, {
      headers: { cookie: who.cookie },
    });
    const chats = (await list.json()) as Array<{
      id: number;
      business_id: number;
      title: string;
      start_time: string;
    }>;
    expect(chats.map((c) => c.id)).toEqual([second, first]);
    expect(chats[0]).toMatchObject({ business_id: who.businessId, title: '' });
    expect(chats[0]?.start_time).toMatch(/\.\d{6}Z$/);

    const body = { content: '¿Y el precio?', client_message_id: crypto.randomUUID() };
    const post = () =>
      t.fetch(`/api/businesses/${who.businessId}/chats/${first}/messages`, {
        method: 'POST',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await post();
    expect(created.status).toBe(201);
    const result = (await created.json()) as {
      message: { sender: string; content: string };
      answer: { sender: string; content: string; finished: boolean };
    };
    expect(result.message).toMatchObject({ sender: 'user', content: '¿Y el precio?' });
    expect(result.answer).toMatchObject({ sender: 'ai_model', content: ANSWER, finished: true });
    const again = await post();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { answer: { content: string } }).answer.content).toBe(ANSWER);
  });

  it('refuses a blank send without files', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: '   ' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Escribe un mensaje o adjunta un archivo',
    );
  });
});

describe('stopping an answer', () => {
  it('keeps the partial text, marks it finished and cancels the model request', async () => {
    const who = await owner(7, 10);
    const chatId = await newChat(who);
    script = { tokens: Array.from({ length: 200 }, (_, i) => ` palabra${i}`), tokenDelayMs: 10 };
    const res = await send(who, chatId, { content: 'Escribe mucho', client_message_id: crypto.randomUUID() });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const request = streamRequests().at(-1);
    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    const stopped = await t.fetch(
      `/api/businesses/${who.businessId}/chats/${chatId}/messages/${answerId}/stop`,
      {
        method: 'POST',
        headers: { cookie: who.cookie },
      },
    );
    expect(stopped.status).toBe(200);
    const message = (await stopped.json()) as { content: string; finished: boolean };
    expect(message.finished).toBe(true);
    expect(message.content.length).toBeGreaterThan(0);
    expect(message.content.length).toBeLessThan(script.tokens.join('').length);
    expect(script.tokens.join('').startsWith(message.content)).toBe(true);
    await request?.ended;
    expect(request?.disconnected).toBe(true);

    // The client's body ends with the same partial text.
    let rest = '';
    for (;;) {
      const part = await reader.read();
      if (part.done) break;
      rest += new TextDecoder().decode(part.value);
    }
    const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, answerId));
    expect(stored).toMatchObject({ content: message.content, finished: true });
    const [generation] = await t.database.db
      .select()
      .from(generations)
      .where(eq(generations.messageId, answerId));
    expect(generation?.status).toBe('stopped');
    expect(rest.length).toBeGreaterThanOrEqual(0);
  });

  it('answers 404 for another user’s answer', async () => {
    const who = await owner();
    const other = await owner();
    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: 'Hola' });
    await res.text();
    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    const stolen = await t.fetch(
      `/api/businesses/${who.businessId}/chats/${chatId}/messages/${answerId}/stop`,
      {
        method: 'POST',
        headers: { cookie: other.cookie },
      },
    );
    expect(stolen.status).toBe(404);
    const read = await t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}`, {
      headers: { cookie: other.cookie },
    });
    expect(read.status).toBe(404);
    const list = await t.fetch(`/api/businesses/${who.businessId}/chats`, {
      headers: { cookie: other.cookie },
    });
    expect(list.status).toBe(404);
  });
});

describe('idempotent sends', () => {
  it('stores one question, one answer and one charge for a send posted twice', async () => {
    const who = await owner(7, 100);
    const chatId = await newChat(who);
    const before = streamRequests().length;
    const body = { content: '¿Qué precio pongo?', client_message_id: crypto.randomUUID() };
    const first = await send(who, chatId, body);
    const again = await send(who, chatId, body);
    expect(await first.text()).toBe(ANSWER);
    // The retry re-attaches to the same answer and gets its whole text.
    expect(await again.text()).toBe(ANSWER);
    expect(again.headers.get(CHAT_STREAM_HEADERS.answerId)).toBe(
      first.headers.get(CHAT_STREAM_HEADERS.answerId),
    );
    // And concurrently, once more.
    const [third, fourth] = await Promise.all([send(who, chatId, body), send(who, chatId, body)]);
    expect(await third.text()).toBe(ANSWER);
    expect(await fourth.text()).toBe(ANSWER);

    const rows = await t.database.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows.map((m) => m.sender)).toEqual(['user', 'ai_model']);
    expect(streamRequests().length).toBe(before + 1);
    expect(await balance(t.database.db, who.id)).toBe(100 - ANSWER_COST);
    const [debits] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from credit_ledger where user_id = ${who.id} and kind = 'debit'`,
    );
    expect(Number(debits?.n)).toBe(1);
  });

  it('retries a failed answer as a new attempt: refunded, charged again, answered once', async () => {
    const who = await owner(7, 100);
    const chatId = await newChat(who);
    const body = { content: 'Hola otra vez', client_message_id: crypto.randomUUID() };
    script = { ...script, failAfterTokens: 2, tokenDelayMs: 5 };
    const failed = await send(who, chatId, body);
    await expect(failed.text()).rejects.toThrow();
    expect(await balance(t.database.db, who.id)).toBe(100);
    script = { tokens: tokenize(ANSWER) };
    const retried = await send(who, chatId, body);
    expect(await retried.text()).toBe(ANSWER);
    await storedAnswer(t, Number(retried.headers.get(CHAT_STREAM_HEADERS.answerId)));
    const rows = await t.database.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows.map((m) => [m.sender, m.content])).toEqual([
      ['user', 'Hola otra vez'],
      ['ai_model', ANSWER],
    ]);
    expect(await balance(t.database.db, who.id)).toBe(100 - ANSWER_COST);
  });
});

describe('out of credits', () => {
  it.each([
    [9, 'plan 9'],
    [5, 'another plan'],
  ])('answers the exact Spanish text without calling the model (%s, %s)', async (planId) => {
    const who = await owner(planId, 0);
    // Starter's monthly credits are applied on first read: spend them so that the balance is 0.
    await balance(t.database.db, who.id);
    await t.database.db.update(creditBalances).set({ balance: 0 }).where(eq(creditBalances.userId, who.id));
    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: '¿Me ayudas?', client_message_id: crypto.randomUUID() });
    expect(res.status).toBe(200);
    expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('credits_exhausted');
    expect(await res.text()).toBe(creditsExhaustedMessage('Rumbo', planId));
    // No request of any kind (answer or title) carried this question to the model.
    expect(fake.requests.filter((r) => JSON.stringify(r.body.messages).includes('¿Me ayudas?'))).toEqual([]);
    const read = await readChat(who, chatId);
    expect(read.messages.at(-1)).toMatchObject({
      content: creditsExhaustedMessage('Rumbo', planId),
      finished: true,
    });
    expect(await balance(t.database.db, who.id)).toBe(0);
  });

  it('charges only the credits there are when two sends race for the last one', async () => {
    const who = await owner(7, 1);
    const chatId = await newChat(who);
    // Slow enough that the losing send's model request is still streaming when it is cancelled.
    script = { tokens: tokenize(ANSWER), tokenDelayMs: 40 };
    const before = streamRequests().length;
    // On PostgreSQL the balance row is held locked from another connection until both sends have read
    // it and asked the model, so that both race for real (PGlite has one connection: no such hold).
    const holder = t.database.connectionString ? new pg.Client(t.database.connectionString) : undefined;
    await holder?.connect();
    await holder?.query('begin');
    await holder?.query('select balance from credit_balances where user_id = $1 for update', [who.id]);
    const sends = Promise.all([
      send(who, chatId, { content: 'Primera', client_message_id: crypto.randomUUID() }),
      send(who, chatId, { content: 'Segunda', client_message_id: crypto.randomUUID() }),
    ]);
    if (holder) {
      await eventually(
        async () => streamRequests().length,
        (n) => n >= before + 2,
      );
      await holder.query('commit');
      await holder.end();
    }
    const [one, two] = await sends;
    const bodies = [await one.text(), await two.text()].sort();
    const kinds = [one, two].map((r) => r.headers.get(CHAT_STREAM_HEADERS.answerKind)).sort();
    expect(kinds).toEqual(['credits_exhausted', 'model']);
    expect(bodies).toEqual([ANSWER, creditsExhaustedMessage('Rumbo', 7)].sort());
    expect(await balance(t.database.db, who.id)).toBe(0);
    // One charge, for the answer given (the balance was set without a ledger entry).
    expect(await ledgerSum(t.database.db, who.id)).toBe(-ANSWER_COST);
    // Both asked the model before storing (ADR 0010): the one that got no credit was cancelled.
    const requests = streamRequests().slice(before);
    if (holder) expect(requests).toHaveLength(2);
    await Promise.all(requests.map((r) => r.ended));
    expect(requests.filter((r) => !r.disconnected)).toHaveLength(1);
  });

  it('never charges plan 12', async () => {
    const who = await owner(12, 0);
    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: 'Hola', client_message_id: crypto.randomUUID() });
    expect(await res.text()).toBe(ANSWER);
    expect(await ledgerSum(t.database.db, who.id)).toBe(0);
  });
});

describe('the model’s context', () => {
  it('has the business profile, the research summary and the attachments’ text', async () => {
    const who = await owner();
    await t.database.db.execute(
      sql`insert into researches (business_id, max_tokens, status, summary, completed_at)
          values (${who.businessId}, 50000, 'completed', 'El mercado del aceite premium crece un 8 % anual.', now())`,
    );
    const chatId = await newChat(who);
    const pdf = makePdf(['Facturación prevista: 12.000 € en el año uno', 'Inversión en maquinaria: 3.500 €']);
    const docx = await makeDocx([
      'Análisis de márgenes: 45 € por cliente',
      'Acción comercial en Jaén y Córdoba',
    ]);
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('content', 'Revisa estos documentos');
    form.append('client_message_id', crypto.randomUUID());
    form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'plan-financiero.pdf');
    form.append('files', new Blob([docx]), 'márgenes.docx');
    form.append('files', new Blob([image], { type: 'image/png' }), 'foto.png');
    const res = await t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: who.cookie },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ANSWER);

    const request = streamRequests().at(-1);
    const system = String(request?.body.messages[0]?.content);
    expect(request?.body.messages[0]?.role).toBe('system');
    for (const value of [
      'Oliva Directa',
      'España',
      description,
      'Validar la demanda en Madrid',
      'Tenemos acuerdo con tres almazaras de Jaén',
      'Dos fundadores con experiencia en logística',
      '2 personas',
      'CEO',
      'Entrega en 24 horas y aceite de cosecha temprana',
      '15.000 €',
      'El mercado del aceite premium crece un 8 % anual.',
    ]) {
      expect(system).toContain(value);
    }
    const user = String(request?.body.messages.at(-1)?.content);
    expect(user).toContain('Revisa estos documentos');
    expect(user).toContain('<adjuntos>');
    expect(user).toContain('Facturación prevista: 12.000 € en el año uno');
    expect(user).toContain('Análisis de márgenes: 45 € por cliente');
    expect(user).toContain('Acción comercial en Jaén y Córdoba');
    // openai-compatible is not a vision model unless AI_VISION says so: the image is described.
    expect(user).toContain('no puedes verla');

    const read = await readChat(who, chatId);
    const files = read.messages[0]?.fileAttachments ?? [];
    expect(files.map((f) => [f.name, f.type])).toEqual([
      ['plan-financiero.pdf', 'document'],
      ['márgenes.docx', 'document'],
      ['foto.png', 'image'],
    ]);
    const download = await t.fetch(files[0]?.url ?? '', { headers: { cookie: who.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    // Opened in the browser, a file runs nothing: its own policy, not the app's, is what is sent.
    expect(download.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const other = await owner();
    expect((await t.fetch(files[0]?.url ?? '', { headers: { cookie: other.cookie } })).status).toBe(404);
  });

  it('refuses legacy .doc files and files that are not what the chat takes, in Spanish', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    const doc = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(doc);
    const upload = async (name: string, data: Uint8Array) => {
      const form = new FormData();
      form.append('content', 'Mira');
      form.append('files', new Blob([data]), name);
      return t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
        method: 'POST',
        headers: { cookie: who.cookie },
        body: form,
      });
    };
    const legacy = await upload('viejo.doc', doc);
    expect(legacy.status).toBe(415);
    expect(((await legacy.json()) as { message: string }).message).toContain('Word antiguo (.doc)');
    const zip = await upload('datos.zip', Buffer.from('504b0304140000000000', 'hex'));
    expect(zip.status).toBe(415);
    const many = new FormData();
    for (let i = 0; i < 6; i++) many.append('files', new Blob(['hola']), `n${i}.txt`);
    const tooMany = await t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: who.cookie },
      body: many,
    });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toContain('como máximo 5 archivos');
    expect((await t.database.db.select().from(messages).where(eq(messages.chatId, chatId))).length).toBe(0);
  });

  it('deletes the attachments’ files with the business', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    const form = new FormData();
    form.append('files', new Blob(['notas con ñ']), 'notas.txt');
    const res = await t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: who.cookie },
      body: form,
    });
    await res.text();
    const [file] = await queryRows<{ storage_key: string }>(
      t.database.db,
      sql`select storage_key from attachments where business_id = ${who.businessId}`,
    );
    expect(file).toBeDefined();
    const removed = await t.fetch(`/api/businesses/ideas/${who.businessId}`, {
      method: 'DELETE',
      headers: { cookie: who.cookie },
    });
    expect(removed.status).toBe(204);
    const left = await t.database.db.select().from(chats).where(eq(chats.businessId, who.businessId));
    expect(left).toEqual([]);
    const fs = await import('node:fs');
    const path = await import('node:path');
    expect(fs.existsSync(path.join(t.env.DATA_DIR, 'files', file?.storage_key ?? 'x'))).toBe(false);
  });
});

describe('a vision model', () => {
  it('gets the attached image as an image part of the question', async () => {
    const vision = await startTestHttpServer({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-vision',
      AI_VISION: 'true',
    });
    try {
      const who = await chatOwner(vision, { planId: 12, credits: 0, idea });
      const { cookie, businessId } = who;
      const chatId = await createChat(vision, who);
      const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('content', '¿Qué te parece mi logo?');
      form.append('files', new Blob([image], { type: 'image/png' }), 'logo.png');
      const res = await vision.fetch(`/api/businesses/${businessId}/chats/${chatId}/messages/stream`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      expect(await res.text()).toBe(ANSWER);
      const request = streamRequests().at(-1);
      expect(request?.body.model).toBe('fake-vision');
      const parts = request?.body.messages.at(-1)?.content as Array<{
        type: string;
        image_url?: { url: string };
      }>;
      expect(parts.map((p) => p.type)).toEqual(['text', 'image_url']);
      expect(parts[1]?.image_url?.url).toBe(`data:image/png;base64,${image.toString('base64')}`);
    } finally {
      await vision.close();
    }
  });
});

describe('without a model', () => {
  it('says the assistant is not configured and charges nothing', async () => {
    const bare = await startTestHttpServer();
    try {
      const who = await chatOwner(bare, { planId: 7, credits: 0, idea });
      const { cookie, businessId } = who;
      const chatId = await createChat(bare, who);
      const res = await bare.fetch(`/api/businesses/${businessId}/chats/${chatId}/messages`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Hola' }),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { answer: { content: string; finished: boolean } };
      expect(body.answer).toMatchObject({ content: assistantNotConfiguredMessage('Rumbo'), finished: true });
      expect(await ledgerSum(bare.database.db, who.id)).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

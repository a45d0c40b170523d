import crypto from 'node:crypto';
import { CHAT_STREAM_HEADERS, creditsExhaustedMessage, ERROR_CODES } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, messages, sendReservations } from '../../../db/schema/index.ts';
import { WRITE_LIMITS } from '../../../lib/write-counters.ts';
import { type ChatOwner, chatOwner, newChat } from '../../../test/chat-owner.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../../../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../../../test/http-server.ts';
import { balance } from '../../credits/credits.ts';
import { deleteExpiredReservations, RESERVATION_TTL_S } from './send-reservations.ts';

/**
 * What a send may make the server do: concurrent retries of one send reach the model once, and a user's
 * sends, files read and other writes are limited (ADR 0010, ADR 0015).
 */
const ANSWER = 'Empieza por hablar con diez clientes posibles esta semana.';
let fake: FakeOpenAI;
let t: TestHttpServer;

beforeAll(async () => {
  fake = await startFakeOpenAI({
    script: (body) =>
      body.stream
        ? { tokens: tokenize(ANSWER), firstTokenDelayMs: 150, tokenDelayMs: 5 }
        : { tokens: ['Título'] },
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

const streamedRequests = () => fake.requests.filter((r) => r.body.stream).length;

function send(who: ChatOwner, chatId: number, body: object | FormData) {
  const isForm = body instanceof FormData;
  return t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
    method: 'POST',
    headers: { cookie: who.cookie, ...(isForm ? {} : { 'content-type': 'application/json' }) },
    body: isForm ? body : JSON.stringify(body),
  });
}

/** A send with one attachment that is not a readable PDF (reading it would answer 415). */
function withBrokenPdf(content: string): FormData {
  const form = new FormData();
  form.append('content', content);
  form.append('client_message_id', crypto.randomUUID());
  form.append('files', new Blob([Buffer.from('%PDF-1.7\nesto no es un PDF de verdad')]), 'informe.pdf');
  return form;
}

describe('one send, retried concurrently', () => {
  it('asks the model once and charges once, and every retry gets the same answer', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 5 });
    const chatId = await newChat(t, who);
    // The session is looked up once, so that the sends arrive together (as a client's retries do).
    await t.fetch(`/api/businesses/${who.businessId}/chats`, { headers: { cookie: who.cookie } });
    const before = streamedRequests();
    const clientMessageId = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        send(who, chatId, { content: '¿Por dónde empiezo?', client_message_id: clientMessageId }),
      ),
    );
    const bodies = await Promise.all(responses.map((res) => res.text()));
    expect(responses.map((res) => res.status)).toEqual(responses.map(() => 200));
    expect(new Set(responses.map((res) => res.headers.get(CHAT_STREAM_HEADERS.answerId))).size).toBe(1);
    expect(bodies.every((body) => body === ANSWER)).toBe(true);
    expect(streamedRequests() - before).toBe(1);
    const rows = await t.database.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows).toHaveLength(2);
    const answerId = Number(responses[0]?.headers.get(CHAT_STREAM_HEADERS.answerId));
    const attempts = await t.database.db
      .select()
      .from(generations)
      .where(eq(generations.messageId, answerId));
    expect(attempts).toHaveLength(1);
    expect(await balance(t.database.db, who.id)).toBe(4);
  });
});

/** A send with a text file (a send with files is reserved while its files are read and stored). */
function withTextFile(content: string, clientMessageId: string): FormData {
  const form = new FormData();
  form.append('content', content);
  form.append('client_message_id', clientMessageId);
  form.append('files', new Blob(['Ventas previstas: 1.200 cafés al mes']), 'previsión.txt');
  return form;
}

describe('a send with files held by another request', () => {
  const reserve = (who: ChatOwner, chatId: number, clientMessageId: string, reservedAt = new Date()) =>
    t.database.db.insert(sendReservations).values({ userId: who.id, chatId, clientMessageId, reservedAt });

  it('waits until that request gives up, then sends', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 5 });
    const chatId = await newChat(t, who);
    const clientMessageId = crypto.randomUUID();
    await reserve(who, chatId, clientMessageId);
    const before = streamedRequests();
    let answered = false;
    const pending = send(who, chatId, withTextFile('Hola', clientMessageId)).then(async (res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(answered).toBe(false);
    expect(streamedRequests()).toBe(before);
    await t.database.db.delete(sendReservations).where(eq(sendReservations.clientMessageId, clientMessageId));
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ANSWER);
    expect(streamedRequests() - before).toBe(1);
  });

  it('takes over the reservation of a request that died, and old ones are cleaned up', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 5 });
    const chatId = await newChat(t, who);
    const clientMessageId = crypto.randomUUID();
    await reserve(who, chatId, clientMessageId, new Date(Date.now() - (RESERVATION_TTL_S + 1) * 1000));
    const before = streamedRequests();
    const res = await send(who, chatId, withTextFile('Hola', clientMessageId));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ANSWER);
    // Stored, the send keeps the reservation it took over until the cleanup, and a retry re-attaches.
    const [kept] = await t.database.db
      .select()
      .from(sendReservations)
      .where(eq(sendReservations.clientMessageId, clientMessageId));
    expect(Date.now() - (kept?.reservedAt.getTime() ?? 0)).toBeLessThan(RESERVATION_TTL_S * 1000);
    const retry = await send(who, chatId, withTextFile('Hola', clientMessageId));
    expect(retry.headers.get(CHAT_STREAM_HEADERS.answerId)).toBe(
      res.headers.get(CHAT_STREAM_HEADERS.answerId),
    );
    expect(await retry.text()).toBe(ANSWER);
    expect(streamedRequests() - before).toBe(1);

    const abandoned = crypto.randomUUID();
    await reserve(who, chatId, abandoned, new Date(Date.now() - RESERVATION_TTL_S * 3 * 1000));
    await deleteExpiredReservations(t.database.db);
    expect(
      await t.database.db
        .select()
        .from(sendReservations)
        .where(eq(sendReservations.clientMessageId, abandoned)),
    ).toEqual([]);
  });
});

describe('limits on what one user can make the server do', () => {
  it('refuses sends past the limit with a Spanish 429, but never a retry of a stored send', async () => {
    const who = await chatOwner(t, { planId: 12, credits: 0 });
    const chatId = await newChat(t, who);
    let last: Response | undefined;
    const firstId = crypto.randomUUID();
    for (let n = 0; n < WRITE_LIMITS.sends.max; n++) {
      last = await send(who, chatId, {
        content: `Pregunta ${n}`,
        client_message_id: n === 0 ? firstId : crypto.randomUUID(),
      });
      expect(last.status).toBe(200);
      await last.text();
    }
    const refused = await send(who, chatId, { content: 'Una más', client_message_id: crypto.randomUUID() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: ERROR_CODES.tooManyRequests,
      message: expect.stringMatching(/demasiadas peticiones/),
    });
    // Nothing of the refused send was stored.
    const rows = await t.database.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows.some((m) => m.content === 'Una más')).toBe(false);
    // The client's retry of a send already made re-attaches to its answer.
    const retry = await send(who, chatId, { content: 'Pregunta 0', client_message_id: firstId });
    expect(retry.status).toBe(200);
    expect(await retry.text()).toBe(ANSWER);
  });

  it('checks the credits before reading an attached file', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 0 });
    const chatId = await newChat(t, who);
    const res = await send(who, chatId, withBrokenPdf('Mira este informe'));
    // Not 415: the file was never read.
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: ERROR_CODES.creditsExhausted,
      message: creditsExhaustedMessage('Rumbo', 7),
    });
  });

  it('limits the files read per user, before reading them', async () => {
    const who = await chatOwner(t, { planId: 12, credits: 0 });
    const chatId = await newChat(t, who);
    for (let n = 0; n < WRITE_LIMITS.files.max; n++) {
      const res = await send(who, chatId, withBrokenPdf(`Informe ${n}`));
      expect(res.status).toBe(415);
    }
    const refused = await send(who, chatId, withBrokenPdf('Uno más'));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe(ERROR_CODES.tooManyRequests);
  });

  it('limits new chats, research requests and other writes per user, and not another user', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const other = await chatOwner(t, { planId: 7, credits: 10 });
    const post = (user: ChatOwner, path: string, body?: object) =>
      t.fetch(path, {
        method: 'POST',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const statuses = async (count: number, make: () => Promise<Response>) => {
      const seen: number[] = [];
      for (let n = 0; n < count; n++) seen.push((await make()).status);
      return seen;
    };
    // newChat (chatOwner's business and the helper's chat) counted none of these yet.
    const chats = await statuses(WRITE_LIMITS.chats.max + 1, () =>
      post(who, `/api/businesses/${who.businessId}/chats`),
    );
    expect(chats.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(chats.at(-1)).toBe(429);
    expect((await post(other, `/api/businesses/${other.businessId}/chats`)).status).toBe(201);

    const research = { max_tokens: 50_000, business_id: who.businessId, sync_generation: false };
    const researches = await statuses(WRITE_LIMITS.researches.max + 1, () =>
      post(who, '/api/researches', research),
    );
    expect(researches.slice(0, -1).every((s) => s === 202)).toBe(true);
    expect(researches.at(-1)).toBe(429);

    const patches = await statuses(WRITE_LIMITS.writes.max + 1, () =>
      t.fetch(`/api/businesses/ideas/${who.businessId}`, {
        method: 'PATCH',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ goal: 'Crecer' }),
      }),
    );
    // The business creation of chatOwner was one write of the same budget.
    expect(patches.filter((s) => s === 200)).toHaveLength(WRITE_LIMITS.writes.max - 1);
    expect(patches.slice(-2)).toEqual([429, 429]);

    // Without a session the guard answers, not the limit.
    const anonymous = await t.fetch(`/api/businesses/${who.businessId}/chats`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });
});

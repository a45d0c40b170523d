import crypto from 'node:crypto';
import { ANSWER_COST, CHAT_STREAM_HEADERS, FAILED_ANSWER_CONTENT } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generations } from '../../../db/schema/index.ts';
import { type ChatOwner, chatOwner, newChat, storedAnswer } from '../../../test/chat-owner.ts';
import { type FakeOpenAI, type FakeScript, startFakeOpenAI, tokenize } from '../../../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../../../test/http-server.ts';
import { balance } from '../../credits/credits.ts';

// Regenerating an answer, editing a question (ADR 0043), and what a message says about how its
// answer ended (stopped, charged), and which failures a client's retry tries again.

const FIRST = 'Primera respuesta del mentor.';
const SECOND = 'Segunda respuesta, distinta.';

let fake: FakeOpenAI;
let t: TestHttpServer;
/** Each streamed request takes the next script; the last one repeats. */
let scripts: FakeScript[];

beforeAll(async () => {
  fake = await startFakeOpenAI({
    script: (body) => {
      if (!body.stream) return { tokens: ['Título'] };
      return (scripts.length > 1 ? scripts.shift() : scripts[0]) as FakeScript;
    },
  });
  t = await startTestHttpServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  scripts = [{ tokens: tokenize(FIRST) }];
});

const owner = (planId = 7, credits = 100) => chatOwner(t, { planId, credits });
const base = (who: ChatOwner, chatId: number) => `/api/businesses/${who.businessId}/chats/${chatId}`;
const post = (who: ChatOwner, path: string, body?: object) =>
  t.fetch(path, {
    method: 'POST',
    headers: body ? { cookie: who.cookie, 'content-type': 'application/json' } : { cookie: who.cookie },
    body: body ? JSON.stringify(body) : undefined,
  });
const send = (who: ChatOwner, chatId: number, content: string, id = crypto.randomUUID()) =>
  post(who, `${base(who, chatId)}/messages/stream`, { content, client_message_id: id });
const streamRequests = () => fake.requests.filter((r) => r.body.stream).length;

interface WireMessage {
  id: number;
  sender: string;
  content: string;
  finished: boolean;
  stopped?: boolean;
  charged?: boolean;
  versions?: number[];
}
async function messagesOf(who: ChatOwner, chatId: number): Promise<WireMessage[]> {
  const res = await t.fetch(base(who, chatId), { headers: { cookie: who.cookie } });
  return ((await res.json()) as { messages: WireMessage[] }).messages;
}

/** A chat with one finished exchange; returns its ids. */
async function exchange(who: ChatOwner, content = '¿Por dónde empiezo?') {
  const chatId = await newChat(t, who);
  const res = await send(who, chatId, content);
  expect(await res.text()).toBe(FIRST);
  const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
  await storedAnswer(t, answerId);
  return { chatId, questionId: Number(res.headers.get(CHAT_STREAM_HEADERS.messageId)), answerId };
}

describe('regenerating an answer', () => {
  it('makes a new version, charged as an answer, once per client id', async () => {
    const who = await owner(7, 100);
    const { chatId, answerId } = await exchange(who);
    scripts = [{ tokens: tokenize(SECOND) }];
    const id = crypto.randomUUID();
    const res = await post(who, `${base(who, chatId)}/messages/${answerId}/regenerate`, {
      client_message_id: id,
    });
    expect(res.status).toBe(200);
    const versionId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    expect(versionId).not.toBe(answerId);
    expect(await res.text()).toBe(SECOND);
    await storedAnswer(t, versionId);
    // The same request again (a lost connection) re-attaches: no new model call, no new charge.
    const requests = streamRequests();
    const again = await post(who, `${base(who, chatId)}/messages/${answerId}/regenerate`, {
      client_message_id: id,
    });
    expect(again.headers.get(CHAT_STREAM_HEADERS.answerId)).toBe(String(versionId));
    expect(await again.text()).toBe(SECOND);
    expect(streamRequests()).toBe(requests);
    const list = await messagesOf(who, chatId);
    expect(list.map((m) => m.content)).toEqual(['¿Por dónde empiezo?', SECOND]);
    expect(list[1]).toMatchObject({ finished: true, stopped: false, charged: true });
    expect(await balance(t.database.db, who.id)).toBe(100 - 2 * ANSWER_COST);
  });

  it('refuses another user’s answer (404) and one no longer shown (409, in Spanish)', async () => {
    const who = await owner();
    const { chatId, answerId } = await exchange(who);
    const regenerated = await post(who, `${base(who, chatId)}/messages/${answerId}/regenerate`);
    const versionId = Number(regenerated.headers.get(CHAT_STREAM_HEADERS.answerId));
    await regenerated.text();
    await storedAnswer(t, versionId);
    const hidden = await post(who, `${base(who, chatId)}/messages/${answerId}/regenerate`);
    expect(hidden.status).toBe(409);
    expect(((await hidden.json()) as { message: string }).message).toMatch(/ya no está en la conversación/);

    const other = await owner();
    const stolen = await post(other, `${base(who, chatId)}/messages/${versionId}/regenerate`);
    expect(stolen.status).toBe(404);
    const edited = await post(other, `${base(who, chatId)}/messages/${versionId}/edit`, { content: 'Mío' });
    expect(edited.status).toBe(404);
    const shown = await post(other, `${base(who, chatId)}/messages/${answerId}/show`);
    expect(shown.status).toBe(404);
  });

  it('gives the credits-exhausted text without calling the model when there are no credits', async () => {
    const who = await owner(7, 1);
    const { chatId, answerId } = await exchange(who);
    const requests = streamRequests();
    const res = await post(who, `${base(who, chatId)}/messages/${answerId}/regenerate`);
    expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('credits_exhausted');
    expect(await res.text()).toMatch(/agotado todos los créditos/);
    expect(streamRequests()).toBe(requests);
    expect(await balance(t.database.db, who.id)).toBe(0);
    // Nothing was made: the answer the user had is still the one shown.
    expect((await messagesOf(who, chatId)).map((m) => m.content)).toEqual(['¿Por dónde empiezo?', FIRST]);
  });
});

describe('editing a question', () => {
  it('asks it again with the new text, the earlier exchange kept as a version', async () => {
    const who = await owner(7, 100);
    const { chatId, questionId, answerId } = await exchange(who);
    scripts = [{ tokens: tokenize(SECOND) }];
    const blank = await post(who, `${base(who, chatId)}/messages/${questionId}/edit`, { content: '  ' });
    expect(blank.status).toBe(400);
    const res = await post(who, `${base(who, chatId)}/messages/${questionId}/edit`, {
      content: '¿Y si vendo online?',
      client_message_id: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SECOND);
    const newQuestion = Number(res.headers.get(CHAT_STREAM_HEADERS.messageId));
    const newAnswer = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    await storedAnswer(t, newAnswer);
    // The model was asked the new question.
    const asked = JSON.stringify(fake.requests.filter((r) => r.body.stream).at(-1)?.body.messages);
    expect(asked).toContain('¿Y si vendo online?');
    const list = await messagesOf(who, chatId);
    expect(list.map((m) => [m.id, m.content])).toEqual([
      [newQuestion, '¿Y si vendo online?'],
      [newAnswer, SECOND],
    ]);
    expect(list[0]).toMatchObject({ versions: [questionId, newQuestion] });
    expect(answerId).not.toBe(newAnswer);
    expect(await balance(t.database.db, who.id)).toBe(100 - 2 * ANSWER_COST);
  });
});

describe('how an answer ended', () => {
  it('reads stopped and charged after a stop, and not charged on the unlimited plan', async () => {
    for (const [planId, charged] of [
      [7, true],
      [12, false],
    ] as const) {
      const who = await owner(planId, 100);
      const chatId = await newChat(t, who);
      scripts = [{ tokens: Array.from({ length: 200 }, (_, i) => ` palabra${i}`), tokenDelayMs: 10 }];
      const res = await send(who, chatId, 'Escribe mucho');
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
      const stop = await post(who, `${base(who, chatId)}/messages/${answerId}/stop`);
      expect(await stop.json()).toMatchObject({ finished: true, stopped: true, charged });
      const list = await messagesOf(who, chatId);
      expect(list[1]).toMatchObject({ stopped: true, charged });
      expect(list[0]).not.toHaveProperty('stopped');
    }
  });
});

describe('which failures a retry tries again', () => {
  it('ends at once, uncharged, when the model refuses the request (a 400)', async () => {
    const who = await owner(7, 100);
    const chatId = await newChat(t, who);
    scripts = [{ tokens: [], status: 400 }];
    const id = crypto.randomUUID();
    // The connection is cut (before or after the headers), as for any failed answer.
    await expect(send(who, chatId, 'Pregunta rechazada', id).then((r) => r.text())).rejects.toThrow();
    const requests = streamRequests();
    // The client's retry gets the failure itself, without asking the model again.
    const retry = await send(who, chatId, 'Pregunta rechazada', id);
    expect(retry.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('error');
    expect(await retry.text()).toBe(FAILED_ANSWER_CONTENT);
    expect(streamRequests()).toBe(requests);
    expect(await balance(t.database.db, who.id)).toBe(100);
    const list = await messagesOf(who, chatId);
    expect(list[1]).toMatchObject({ content: FAILED_ANSWER_CONTENT, finished: true, charged: false });
    // 'Reintentar' regenerates it once the model answers again.
    scripts = [{ tokens: tokenize(SECOND) }];
    const again = await post(who, `${base(who, chatId)}/messages/${list[1]?.id}/regenerate`);
    expect(await again.text()).toBe(SECOND);
  });

  it('tries again after a 503, charging only the attempt that answered', async () => {
    const who = await owner(7, 100);
    const chatId = await newChat(t, who);
    // The assistant itself retries once: two 503s fail the first attempt.
    scripts = [{ tokens: [], status: 503 }, { tokens: [], status: 503 }, { tokens: tokenize(FIRST) }];
    const id = crypto.randomUUID();
    await expect(
      send(who, chatId, 'Pregunta con fallo pasajero', id).then((r) => r.text()),
    ).rejects.toThrow();
    const retry = await send(who, chatId, 'Pregunta con fallo pasajero', id);
    expect(retry.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('model');
    expect(await retry.text()).toBe(FIRST);
    const answerId = Number(retry.headers.get(CHAT_STREAM_HEADERS.answerId));
    await storedAnswer(t, answerId);
    expect(await balance(t.database.db, who.id)).toBe(100 - ANSWER_COST);
    const rows = await t.database.db.select().from(generations).where(eq(generations.messageId, answerId));
    expect(rows.map((g) => g.status).sort()).toEqual(['failed', 'finished']);
  });
});

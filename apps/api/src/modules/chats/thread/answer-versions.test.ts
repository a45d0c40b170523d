import crypto from 'node:crypto';
import { CHAT_STREAM_HEADERS } from '@rumbo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatOwner, chatOwner, newChat, storedAnswer } from '../../../test/chat-owner.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../../../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../../../test/http-server.ts';

// Versions of answers and branches of a chat (ADR 0043): 'Regenerar' keeps the earlier answer, editing
// any question forks the chat from there, and the model is asked from the version shown.

let fake: FakeOpenAI;
let t: TestHttpServer;
/** Every streamed answer is numbered, so each version reads differently. */
let answered = 0;

beforeAll(async () => {
  fake = await startFakeOpenAI({
    script: (body) =>
      body.stream ? { tokens: tokenize(`Respuesta ${++answered}.`) } : { tokens: ['Título'] },
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

interface WireMessage {
  id: number;
  sender: string;
  content: string;
  versions?: number[];
}

const base = (who: ChatOwner, chatId: number) => `/api/businesses/${who.businessId}/chats/${chatId}`;
const post = (who: ChatOwner, path: string, body?: object) =>
  t.fetch(path, {
    method: 'POST',
    headers: body ? { cookie: who.cookie, 'content-type': 'application/json' } : { cookie: who.cookie },
    body: body ? JSON.stringify(body) : undefined,
  });

/** A streamed request read to its end and its answer stored: the text and the ids it names. */
async function streamed(res: Response) {
  expect(res.status).toBe(200);
  const text = await res.text();
  const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
  await storedAnswer(t, answerId);
  return { text, answerId, questionId: Number(res.headers.get(CHAT_STREAM_HEADERS.messageId)) };
}

const ask = (who: ChatOwner, chatId: number, content: string) =>
  post(who, `${base(who, chatId)}/messages/stream`, { content, client_message_id: crypto.randomUUID() }).then(
    streamed,
  );

async function shown(who: ChatOwner, chatId: number): Promise<WireMessage[]> {
  const res = await t.fetch(base(who, chatId), { headers: { cookie: who.cookie } });
  return ((await res.json()) as { messages: WireMessage[] }).messages;
}

async function show(who: ChatOwner, chatId: number, messageId: number): Promise<WireMessage[]> {
  const res = await post(who, `${base(who, chatId)}/messages/${messageId}/show`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: WireMessage[] }).messages;
}

/** What the model was last asked, as text. */
const lastAsked = () => JSON.stringify(fake.requests.filter((r) => r.body.stream).at(-1)?.body.messages);

const contents = (list: WireMessage[]) => list.map((m) => m.content);

describe('regenerating an answer', () => {
  it('keeps the first version, switches between them, and continues from the one shown', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 100 });
    const chatId = await newChat(t, who);
    const first = await ask(who, chatId, '¿Qué precio pongo?');
    const second = await streamed(
      await post(who, `${base(who, chatId)}/messages/${first.answerId}/regenerate`),
    );
    expect(second.text).not.toBe(first.text);

    let list = await shown(who, chatId);
    expect(contents(list)).toEqual(['¿Qué precio pongo?', second.text]);
    expect(list[1]?.versions).toEqual([first.answerId, second.answerId]);
    expect(list[0]?.versions).toBeUndefined();

    // Back to the first version: it is shown as it was, and stays so after a new read.
    list = await show(who, chatId, first.answerId);
    expect(contents(list)).toEqual(['¿Qué precio pongo?', first.text]);
    expect(contents(await shown(who, chatId))).toEqual(['¿Qué precio pongo?', first.text]);

    // The next question follows the version shown: the model reads the first answer, not the second.
    const next = await ask(who, chatId, '¿Y para empresas?');
    expect(lastAsked()).toContain(first.text);
    expect(lastAsked()).not.toContain(second.text);
    expect(contents(await shown(who, chatId))).toEqual([
      '¿Qué precio pongo?',
      first.text,
      '¿Y para empresas?',
      next.text,
    ]);

    // The second version's branch ends at that answer: showing it leaves the new exchange behind.
    list = await show(who, chatId, second.answerId);
    expect(contents(list)).toEqual(['¿Qué precio pongo?', second.text]);
    const other = await ask(who, chatId, '¿Y para particulares?');
    expect(lastAsked()).toContain(second.text);
    expect(lastAsked()).not.toContain(first.text);
    expect(contents(await show(who, chatId, first.answerId))).toEqual([
      '¿Qué precio pongo?',
      first.text,
      '¿Y para empresas?',
      next.text,
    ]);
    expect(contents(await show(who, chatId, second.answerId))).toEqual([
      '¿Qué precio pongo?',
      second.text,
      '¿Y para particulares?',
      other.text,
    ]);
  });
});

describe('editing the first question of a three-exchange thread', () => {
  it('forks the chat there and keeps the original branch as it was', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 100 });
    const chatId = await newChat(t, who);
    const one = await ask(who, chatId, 'Uno');
    await ask(who, chatId, 'Dos');
    await ask(who, chatId, 'Tres');
    const original = await shown(who, chatId);
    expect(original).toHaveLength(6);

    const edited = await streamed(
      await post(who, `${base(who, chatId)}/messages/${one.questionId}/edit`, { content: 'Uno, corregido' }),
    );
    // The model was asked the new question alone: the rest of the thread came after it.
    expect(lastAsked()).toContain('Uno, corregido');
    expect(lastAsked()).not.toContain('Dos');
    let list = await shown(who, chatId);
    expect(contents(list)).toEqual(['Uno, corregido', edited.text]);
    expect(list[0]?.versions).toEqual([one.questionId, edited.questionId]);

    // The original branch, whole and unchanged, is one switch away; and the new one after it.
    list = await show(who, chatId, one.questionId);
    expect(list.map((m) => [m.id, m.content])).toEqual(original.map((m) => [m.id, m.content]));
    expect(list[0]?.versions).toEqual([one.questionId, edited.questionId]);
    expect((await shown(who, chatId)).map((m) => m.id)).toEqual(original.map((m) => m.id));
    expect(contents(await show(who, chatId, edited.questionId))).toEqual(['Uno, corregido', edited.text]);
  });

  it('refuses a switch to a message of a branch not shown (409)', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 100 });
    const chatId = await newChat(t, who);
    const one = await ask(who, chatId, 'Uno');
    const two = await ask(who, chatId, 'Dos');
    await streamed(
      await post(who, `${base(who, chatId)}/messages/${one.questionId}/edit`, { content: 'Otro' }),
    );
    // 'Dos' lives on the hidden branch: only versions of shown messages can be switched to.
    const res = await post(who, `${base(who, chatId)}/messages/${two.answerId}/show`);
    expect(res.status).toBe(409);
  });
});

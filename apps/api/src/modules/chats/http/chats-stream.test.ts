import crypto from 'node:crypto';
import { ANSWER_COST, CHAT_STREAM_HEADERS, FAILED_ANSWER_CONTENT } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { generations, messages } from '../../../db/schema/index.ts';
import { storedAnswer } from '../../../test/chat-owner.ts';
import { ANSWER, chatRequests, chatServerForFile, eventually, TITLE } from '../../../test/chats-test-kit.ts';
import { balance, ledgerSum } from '../../credits/credits.ts';

// A streamed answer (its text, storage, charge and title; a failure; a client that leaves) and its stop.

const server = chatServerForFile();

const { owner, newChat, send, readChat, streamRequests } = chatRequests(() => server);

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
    expect(await storedAnswer(server.t, answerId)).toMatchObject({
      content: ANSWER,
      finished: true,
      sender: 'ai_model',
    });
    const [generation] = await server.t.database.db
      .select()
      .from(generations)
      .where(eq(generations.messageId, answerId));
    expect(generation).toMatchObject({
      status: 'finished',
      inputTokens: 321,
      outputTokens: 17,
      cost: ANSWER_COST,
    });
    expect(await balance(server.t.database.db, who.id)).toBe(600 - ANSWER_COST);
    expect(await ledgerSum(server.t.database.db, who.id)).toBe(-ANSWER_COST);

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
    server.script = { ...server.script, tokenDelayMs: 5, failAfterTokens: 3 };
    const res = await send(who, chatId, { content: 'Hola', client_message_id: crypto.randomUUID() });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    const [answer] = await server.t.database.db.select().from(messages).where(eq(messages.id, answerId));
    expect(answer).toMatchObject({ content: FAILED_ANSWER_CONTENT, finished: true });
    const [generation] = await server.t.database.db
      .select()
      .from(generations)
      .where(eq(generations.messageId, answerId));
    expect(generation?.status).toBe('failed');
    expect(await balance(server.t.database.db, who.id)).toBe(50);
  });

  it('finishes and stores the whole answer when the client goes away mid-answer', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    server.script = { ...server.script, tokenDelayMs: 40 };
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
      async () => (await server.t.database.db.select().from(messages).where(eq(messages.id, answerId)))[0],
      (m) => (m?.content.length ?? 0) > 0,
    );
    if (!growing?.finished) expect(ANSWER.startsWith(growing?.content ?? 'x')).toBe(true);
    const stored = await eventually(
      async () => (await server.t.database.db.select().from(messages).where(eq(messages.id, answerId)))[0],
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
    server.script = { ...server.script, tokenDelayMs: 20 };
    const res = await send(who, chatId, { content: 'Resúmelo', client_message_id: crypto.randomUUID() });
    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    // On PostgreSQL the answer's generation row is held locked from another connection, so its end
    // cannot be stored until the hold ends (PGlite has one connection: no such hold).
    const holder = server.t.database.connectionString
      ? new pg.Client(server.t.database.connectionString)
      : undefined;
    await holder?.connect();
    await holder?.query('begin');
    await holder?.query('select id from generations where message_id = $1 for update', [answerId]);
    try {
      expect(await res.text()).toBe(ANSWER);
      const read = await readChat(who, chatId);
      expect(read.messages.at(-1)).toMatchObject({ content: ANSWER, finished: true });
      if (holder) {
        const [row] = await server.t.database.db.select().from(messages).where(eq(messages.id, answerId));
        expect(row?.finished).toBe(false);
      }
    } finally {
      await holder?.query('commit');
      await holder?.end();
    }
    expect(await storedAnswer(server.t, answerId)).toMatchObject({ content: ANSWER, finished: true });
  });
});

describe('stopping an answer', () => {
  it('keeps the partial text, marks it finished and cancels the model request', async () => {
    const who = await owner(7, 10);
    const chatId = await newChat(who);
    server.script = { tokens: Array.from({ length: 200 }, (_, i) => ` palabra${i}`), tokenDelayMs: 10 };
    const res = await send(who, chatId, { content: 'Escribe mucho', client_message_id: crypto.randomUUID() });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const request = streamRequests().at(-1);
    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    const stopped = await server.t.fetch(
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
    expect(message.content.length).toBeLessThan(server.script.tokens.join('').length);
    expect(server.script.tokens.join('').startsWith(message.content)).toBe(true);
    await request?.ended;
    expect(request?.disconnected).toBe(true);

    // The client's body ends with the same partial text.
    let rest = '';
    for (;;) {
      const part = await reader.read();
      if (part.done) break;
      rest += new TextDecoder().decode(part.value);
    }
    const [stored] = await server.t.database.db.select().from(messages).where(eq(messages.id, answerId));
    expect(stored).toMatchObject({ content: message.content, finished: true });
    const [generation] = await server.t.database.db
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
    const stolen = await server.t.fetch(
      `/api/businesses/${who.businessId}/chats/${chatId}/messages/${answerId}/stop`,
      {
        method: 'POST',
        headers: { cookie: other.cookie },
      },
    );
    expect(stolen.status).toBe(404);
    const read = await server.t.fetch(`/api/businesses/${who.businessId}/chats/${chatId}`, {
      headers: { cookie: other.cookie },
    });
    expect(read.status).toBe(404);
    const list = await server.t.fetch(`/api/businesses/${who.businessId}/chats`, {
      headers: { cookie: other.cookie },
    });
    expect(list.status).toBe(404);
  });
});

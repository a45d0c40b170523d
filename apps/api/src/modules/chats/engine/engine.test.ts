import crypto from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { CHAT_STREAM_HEADERS, FAILED_ANSWER_CONTENT } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../../app.ts';
import { generations, messages } from '../../../db/schema/index.ts';
import { createLogger } from '../../../logger.ts';
import { TEST_PUBLIC_URL } from '../../../test/app.ts';
import { chatOwner, newChat } from '../../../test/chat-owner.ts';
import { type FakeOpenAI, type FakeScript, startFakeOpenAI } from '../../../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../../../test/http-server.ts';
import { balance } from '../../credits/credits.ts';
import { interruptStaleGenerations } from './generation-store.ts';

/**
 * Two app instances on one database stand for two server processes: each has its own engine (its own
 * owner id and memory), and they share only the database.
 */
const TOKENS = Array.from({ length: 60 }, (_, i) => ` t${i}`);
let script: FakeScript = { tokens: TOKENS, tokenDelayMs: 15 };
let fake: FakeOpenAI;
let a: TestHttpServer;
let b: { app: App; url: string; server: Server };

beforeAll(async () => {
  fake = await startFakeOpenAI({ script: (body) => (body.stream ? script : { tokens: ['Título'] }) });
  a = await startTestHttpServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake',
  });
  const app = createApp({
    env: a.env,
    database: a.database,
    logger: createLogger('silent'),
    mailer: { send: async () => {} },
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  b = { app, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(async () => {
  b?.server.closeAllConnections();
  await new Promise((resolve) => b?.server.close(resolve));
  await b?.app.shutdown();
  await a?.close();
  await fake?.close();
});

async function setup() {
  const who = await chatOwner(a, { planId: 7, credits: 10 });
  const { cookie, businessId } = who;
  const chatId = await newChat(a, who);
  const base = `/api/businesses/${businessId}/chats/${chatId}`;
  const post = (url: string, path: string, body?: unknown) =>
    fetch(`${url}${base}${path}`, {
      method: 'POST',
      headers: { cookie, origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const read = async () => {
    const res = await fetch(`${a.url}${base}`, { headers: { cookie } });
    return (await res.json()) as { messages: Array<{ id: number; content: string; finished: boolean }> };
  };
  return { userId: who.id, chatId, post, read };
}

/** A question and its unfinished answer in `chatId`, with the answer's generation running for `owner`. */
async function runningAnswer(
  chatId: number,
  userId: number,
  generation: { owner: string; content?: string; cost?: number; creditSource?: string; heartbeatAt?: Date },
) {
  const db = a.database.db;
  const [question] = await db
    .insert(messages)
    .values({ chatId, sender: 'user', content: 'Hola' })
    .returning();
  const [answer] = await db
    .insert(messages)
    .values({
      chatId,
      sender: 'ai_model',
      content: generation.content ?? '',
      finished: false,
      replyTo: question?.id,
      answerKind: 'model',
    })
    .returning();
  const answerId = answer?.id ?? 0;
  const [row] = await db
    .insert(generations)
    .values({
      messageId: answerId,
      userId,
      attempt: 1,
      status: 'running',
      owner: generation.owner,
      cost: generation.cost ?? 0,
      creditSource: generation.creditSource,
      heartbeatAt: generation.heartbeatAt,
    })
    .returning();
  return { answerId, generationId: row?.id ?? 0 };
}

describe('several processes on one database', () => {
  it('lets another process re-attach to an answer and follow it to the end', async () => {
    script = { tokens: TOKENS, tokenDelayMs: 15 };
    const { post } = await setup();
    const body = { content: 'Hola', client_message_id: crypto.randomUUID() };
    const first = await post(a.url, '/messages/stream', body);
    const reader = (first.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    // The client's connection to A drops; its retry lands on B, which has no copy in memory.
    await reader.cancel();
    const retry = await post(b.url, '/messages/stream', body);
    expect(retry.headers.get(CHAT_STREAM_HEADERS.answerId)).toBe(
      first.headers.get(CHAT_STREAM_HEADERS.answerId),
    );
    expect(await retry.text()).toBe(TOKENS.join(''));
    expect(fake.requests.filter((r) => r.body.stream).length).toBe(1);
  });

  it('stops, from another process, an answer generated elsewhere', async () => {
    script = { tokens: Array.from({ length: 300 }, (_, i) => ` p${i}`), tokenDelayMs: 10 };
    const { post } = await setup();
    const started = await post(a.url, '/messages/stream', {
      content: 'Largo',
      client_message_id: crypto.randomUUID(),
    });
    const reader = (started.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const request = fake.requests.filter((r) => r.body.stream).at(-1);
    const answerId = started.headers.get(CHAT_STREAM_HEADERS.answerId);
    const stopped = await post(b.url, `/messages/${answerId}/stop`);
    const message = (await stopped.json()) as { content: string; finished: boolean };
    expect(message.finished).toBe(true);
    expect(message.content.length).toBeGreaterThan(0);
    await request?.ended;
    expect(request?.disconnected).toBe(true);
    await reader.cancel();
  });

  it('interrupts and refunds an answer whose process died, keeping its saved text, when read or swept', async () => {
    const { userId, chatId, read } = await setup();
    const db = a.database.db;
    let orphans = 0;
    const insertOrphan = async () => {
      // Charged as a send would be, by a process that stopped renewing its heartbeat two minutes ago.
      orphans += 1;
      const creditSource = `answer:orphan-${chatId}-${orphans}`;
      await db.execute(sql`update credit_balances set balance = balance - 1 where user_id = ${userId}`);
      await db.execute(
        sql`insert into credit_ledger (user_id, source_id, delta, kind)
            values (${userId}, ${creditSource}, -1, 'debit')`,
      );
      const { answerId } = await runningAnswer(chatId, userId, {
        owner: 'a-process-that-died',
        content: 'Medio tex',
        cost: 1,
        creditSource,
        heartbeatAt: new Date(Date.now() - 120_000),
      });
      return answerId;
    };
    const readOne = await insertOrphan();
    expect(await balance(db, userId)).toBe(9);
    const chat = await read();
    expect(chat.messages.find((m) => m.id === readOne)).toMatchObject({
      content: 'Medio tex',
      finished: true,
      interrupted: true,
    });
    expect(await balance(db, userId)).toBe(10);

    const swept = await insertOrphan();
    await interruptStaleGenerations(db);
    const [after] = await db.select().from(messages).where(eq(messages.id, swept));
    expect(after).toMatchObject({ content: 'Medio tex', finished: true, interrupted: true });
    const [generation] = await db.select().from(generations).where(eq(generations.messageId, swept));
    expect(generation?.status).toBe('interrupted');
    expect(await balance(db, userId)).toBe(10);
  });

  it('interrupts an answer whose process died within seconds, with nobody reading it', async () => {
    const { userId, chatId } = await setup();
    const db = a.database.db;
    // Its last heartbeat was just over the limit ago: the running processes' sweeps must find it alone.
    const { answerId } = await runningAnswer(chatId, userId, {
      owner: 'another-process-that-died',
      content: '',
      heartbeatAt: new Date(Date.now() - 9_000),
    });
    const started = Date.now();
    let row: typeof messages.$inferSelect | undefined;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      [row] = await db.select().from(messages).where(eq(messages.id, answerId));
    } while (!row?.finished && Date.now() - started < 10_000);
    // Nothing had been saved: it reads as a failed answer, which the client's retry answers anew.
    expect(row).toMatchObject({ finished: true, content: FAILED_ANSWER_CONTENT, interrupted: false });
  });
});

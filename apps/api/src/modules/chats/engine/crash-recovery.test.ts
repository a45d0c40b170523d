import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { CHAT_STREAM_HEADERS } from '@rumbo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMAL_IDEA } from '../../../test/chat-owner.ts';
import type { TestDatabaseLocation } from '../../../test/database.ts';
import { testEngine } from '../../../test/database.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../../test/fakes/openai.ts';
import {
  type ApiProcess,
  apiCall,
  databaseEnv,
  exitOf,
  paidOwner,
  startApiProcess,
} from '../../../test/server-process.ts';

/**
 * The kill -9 gate (README): a server process killed mid-answer loses no answer and no credit. On
 * PGlite the process is started again on its data; on PostgreSQL a second process serves the client
 * meanwhile. A client retrying its send (as the web app does) gets the whole answer, charged once; an
 * answer nobody retries ends interrupted with its saved text, refunded; nothing stays running.
 */
const TOKENS = Array.from({ length: 120 }, (_, i) => ` palabra${i}`);
const FULL_ANSWER = TOKENS.join('');
const PLAN_CREDITS = 600;

let fake: FakeOpenAI;
const locations: TestDatabaseLocation[] = [];
const processes: ChildProcess[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI({
    script: (body) => (body.stream ? { tokens: TOKENS, tokenDelayMs: 40 } : { tokens: ['Título'] }),
  });
});
afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await Promise.all(processes.map(exitOf));
  await fake?.close();
  for (const location of locations) await location.drop();
});

type Server = ApiProcess;

async function startServer(database: Record<string, string>, port?: number): Promise<Server> {
  const server = await startApiProcess(
    { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.url, AI_MODEL: 'fake', ...database },
    port,
  );
  processes.push(server.child);
  return server;
}

const call = (server: Server, cookie: string, method: string, url: string, body?: unknown) =>
  apiCall(server.base, cookie, method, url, body);

/** A user on plan 7 (paid through the local test checkout) with a business and two chats. */
async function owner(server: Server) {
  const { cookie, businessId } = await paidOwner(server.base, 7, MINIMAL_IDEA);
  const chat = async () =>
    (
      (await (await call(server, cookie, 'POST', `/api/businesses/${businessId}/chats`)).json()) as {
        id: number;
      }
    ).id;
  return { cookie, businessId, retried: await chat(), abandoned: await chat() };
}

type Owner = Awaited<ReturnType<typeof owner>>;

/** Starts a send and resolves once some of its answer has arrived (the stream stays open). */
async function startSend(server: Server, who: Owner, chatId: number, clientMessageId: string) {
  const res = await fetch(`${server.base}/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify({ content: '¿Cómo sigo?', client_message_id: clientMessageId }),
  });
  expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('model');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let received = '';
  // More than one flush of progress (every 500 ms) has been saved by then.
  while (received.length < 200) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the answer ended before the process was killed');
    received += Buffer.from(value).toString();
  }
  await new Promise((resolve) => setTimeout(resolve, 700));
  return received;
}

/** Sends again as the web app does after a broken stream: same client id, until a whole body arrives. */
async function retryUntilAnswered(server: Server, who: Owner, chatId: number, clientMessageId: string) {
  for (let attempt = 1; attempt <= 15; attempt++) {
    try {
      const res = await fetch(
        `${server.base}/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`,
        {
          method: 'POST',
          headers: { cookie: who.cookie, origin: server.base, 'content-type': 'application/json' },
          body: JSON.stringify({ content: '¿Cómo sigo?', client_message_id: clientMessageId }),
        },
      );
      if (res.ok) return { text: await res.text(), attempts: attempt };
    } catch {
      // A cut stream: the answer was interrupted; the next attempt writes it anew.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('no whole answer after 15 attempts');
}

interface ChatRead {
  messages: Array<{ sender: string; content: string; finished: boolean; interrupted?: boolean }>;
}

const readChat = async (server: Server, who: Owner, chatId: number) =>
  (await (
    await call(server, who.cookie, 'GET', `/api/businesses/${who.businessId}/chats/${chatId}`)
  ).json()) as ChatRead;

async function creditsOf(server: Server, who: Owner): Promise<number> {
  const me = (await (await call(server, who.cookie, 'GET', '/api/users/me')).json()) as {
    available_credits: number;
  };
  return me.available_credits;
}

async function waitUntilFinished(server: Server, who: Owner, chatId: number) {
  const started = Date.now();
  for (;;) {
    const read = await readChat(server, who, chatId);
    const answer = read.messages.find((m) => m.sender === 'ai_model');
    if (answer?.finished) return { answer };
    if (Date.now() - started > 20_000) throw new Error('the answer was still running after 20 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('kill -9 mid-answer', () => {
  it(`loses no answer and no credit (${testEngine})`, async () => {
    const database = await databaseEnv(locations);
    const first = await startServer(database);
    const who = await owner(first);
    const retriedId = crypto.randomUUID();
    const [partial] = await Promise.all([
      startSend(first, who, who.retried, retriedId),
      startSend(first, who, who.abandoned, crypto.randomUUID()),
    ]);
    expect(await creditsOf(first, who)).toBe(PLAN_CREDITS - 2);

    first.child.kill('SIGKILL');
    await exitOf(first.child);
    const killedAt = Date.now();
    // PGlite belongs to one process: the server starts again on its data. PostgreSQL: another process.
    const second =
      testEngine === 'pglite'
        ? await startServer(database, Number(new URL(first.base).port))
        : await startServer(database);

    const secondsSinceKill = () => ((Date.now() - killedAt) / 1000).toFixed(1);
    const [retried, abandoned] = await Promise.all([
      retryUntilAnswered(second, who, who.retried, retriedId).then((r) => ({ ...r, at: secondsSinceKill() })),
      waitUntilFinished(second, who, who.abandoned).then((a) => ({ ...a, at: secondsSinceKill() })),
    ]);
    expect(retried.text).toBe(FULL_ANSWER);
    expect(retried.text.startsWith(partial)).toBe(true);
    expect(abandoned.answer.interrupted).toBe(true);
    expect(abandoned.answer.content.length).toBeGreaterThan(0);
    expect(FULL_ANSWER.startsWith(abandoned.answer.content)).toBe(true);

    const chat = await readChat(second, who, who.retried);
    expect(chat.messages.map((m) => m.sender)).toEqual(['user', 'ai_model']);
    expect(chat.messages[1]).toMatchObject({ content: FULL_ANSWER, finished: true, interrupted: false });
    // The retried answer charged once; the abandoned one was given back.
    const credits = await creditsOf(second, who);
    expect(credits).toBe(PLAN_CREDITS - 1);
    console.log(
      `kill -9 gate (${testEngine}): retried answer whole ${retried.at} s after the kill ` +
        `(${retried.attempts} attempts), abandoned answer interrupted and refunded after ${abandoned.at} s, ` +
        `credits ${PLAN_CREDITS} → ${credits}, no answer left running`,
    );
  }, 90_000);
});

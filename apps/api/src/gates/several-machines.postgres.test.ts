import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHAT_STREAM_HEADERS } from '@rumbo/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMAL_IDEA } from '../test/chat-owner.ts';
import type { TestDatabaseLocation } from '../test/database.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../test/fakes/openai.ts';
import { type FakeS3, startFakeS3 } from '../test/fakes/s3.ts';
import {
  type ApiProcess,
  apiCall,
  databaseEnv,
  exitOf,
  paidOwner,
  startApiProcess,
  startWorkerProcess,
} from '../test/server-process.ts';

/**
 * Several machines (README): two app processes and one `npm run worker` share one PostgreSQL
 * database and one S3 bucket (a real S3 server on loopback), each with a data folder of its own as on
 * separate machines. App process A is killed with kill -9 while answers stream from both.
 * Then, within a bounded time and without anyone reading the chats (the surviving process's periodic
 * sweep, not a read, must do it), every answer A was writing ends interrupted and refunded, every
 * answer of B ends whole, no answer is charged twice, and every file uploaded through A or B is still
 * served by B with the same bytes. Only on PostgreSQL: PGlite belongs to one process (the pglite run
 * excludes `*.postgres.test.ts`).
 */
const TOKENS = Array.from({ length: 150 }, (_, i) => ` palabra${i}`);
const FULL_ANSWER = TOKENS.join('');
/** A question the fake model answers at once (an answer of A that ends before the kill). */
const QUICK_QUESTION = 'PREGUNTA-RAPIDA';
const QUICK_ANSWER = ['Sí,', ' claro.'];
const PLAN_CREDITS = 600;
const USERS = 4;
/** The survivors' sweep must end a dead process's answers within this (STALE_AFTER_MS is 8 s). */
const SETTLE_LIMIT_MS = 30_000;

let fake: FakeOpenAI;
let s3: FakeS3;
let sql: pg.Client | undefined;
const dataDirs: string[] = [];
const locations: TestDatabaseLocation[] = [];
const processes: ChildProcess[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI({
    record: false,
    script: (body) => {
      if (!body.stream) return { tokens: ['Título'] };
      const question = JSON.stringify(body.messages.at(-1)?.content);
      // 25 tokens/s: a long answer takes 6 s, so the kill lands in the middle of it.
      return question.includes(QUICK_QUESTION)
        ? { tokens: QUICK_ANSWER }
        : { tokens: TOKENS, tokenDelayMs: 40 };
    },
  });
  s3 = await startFakeS3();
});

afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await Promise.all(processes.map(exitOf));
  await sql?.end();
  await fake?.close();
  await s3?.close();
  for (const location of locations) await location.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A machine's own data folder: nothing in it is shared with the other processes. */
function machineEnv(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-machine-'));
  dataDirs.push(dir);
  return { DATA_DIR: dir };
}

type Server = ApiProcess & { name: 'A' | 'B' };

interface Owner {
  id: number;
  cookie: string;
  businessId: number;
}

interface Upload {
  name: string;
  bytes: Buffer;
}

/** An answer being received: its text so far, and how its stream ended. */
interface Receiving {
  server: Server;
  who: Owner;
  chatId: number;
  upload?: Upload;
  text: string;
  ended: Promise<'whole' | 'cut'>;
}

async function startApp(name: Server['name'], env: Record<string, string>): Promise<Server> {
  const server = await startApiProcess(env);
  processes.push(server.child);
  return { ...server, name };
}

async function createChat(server: Server, who: Owner): Promise<number> {
  const res = await apiCall(server.base, who.cookie, 'POST', `/api/businesses/${who.businessId}/chats`);
  return ((await res.json()) as { id: number }).id;
}

/** A send as the web app makes it (multipart with the file, if any); the answer is read on. */
async function send(server: Server, who: Owner, question: string, upload?: Upload): Promise<Receiving> {
  const chatId = await createChat(server, who);
  const form = new FormData();
  form.append('content', question);
  form.append('client_message_id', crypto.randomUUID());
  if (upload) form.append('files', new Blob([new Uint8Array(upload.bytes)]), upload.name);
  const res = await fetch(`${server.base}/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: server.base },
    body: form,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('model');
  const receiving: Receiving = { server, who, chatId, upload, text: '', ended: Promise.resolve('cut') };
  receiving.ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const part of res.body as ReadableStream<Uint8Array>) {
        receiving.text += decoder.decode(part, { stream: true });
      }
      return 'whole';
    } catch {
      // The connection to the killed process broke.
      return 'cut';
    }
  })();
  return receiving;
}

/** Polls `done` every 200 ms until it holds; fails after `limitMs`, saying what was awaited. */
async function waitFor(what: string, limitMs: number, done: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface ChatRead {
  messages: Array<{
    sender: string;
    content: string;
    finished: boolean;
    interrupted?: boolean;
    charged?: boolean;
    fileAttachments: Array<{ name: string; url: string }>;
  }>;
}

async function readChat(server: Server, who: Owner, chatId: number): Promise<ChatRead> {
  const url = `/api/businesses/${who.businessId}/chats/${chatId}`;
  return (await (await apiCall(server.base, who.cookie, 'GET', url)).json()) as ChatRead;
}

async function creditsOf(server: Server, who: Owner): Promise<number | null> {
  const me = await apiCall(server.base, who.cookie, 'GET', '/api/users/me');
  return ((await me.json()) as { available_credits: number | null }).available_credits;
}

async function runningGenerations(): Promise<number> {
  const result = await (sql as pg.Client).query<{ n: number }>(
    `select count(*)::int as n from generations where status = 'running'`,
  );
  return result.rows[0]?.n ?? 0;
}

describe('several machines on one PostgreSQL database', () => {
  it('loses no answer, charge or file when one app process is killed mid-answer', async () => {
    const database = await databaseEnv(locations);
    const shared = {
      ...database,
      ...s3.env('uploads'),
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake',
      BETTER_AUTH_SECRET: 'server-process-secret-server-process-0123',
    };
    // All three start at once on the new database, as a deployment's machines do.
    const [a, b, worker] = await Promise.all([
      startApp('A', { ...shared, ...machineEnv() }),
      startApp('B', { ...shared, ...machineEnv() }),
      startWorkerProcess({ ...shared, ...machineEnv() }).then((child) => {
        processes.push(child);
        return child;
      }),
    ]);
    sql = new pg.Client({ connectionString: database.DATABASE_URL });
    await sql.connect();

    // Users sign up through A and B in turn; each gets a quick answer from A before the kill, then
    // uploads a file with a long answer on A and another with a long answer on B.
    const owners = await Promise.all(
      Array.from({ length: USERS }, async (_, i): Promise<Owner> => {
        const server = i % 2 === 0 ? a : b;
        const { cookie, businessId } = await paidOwner(server.base, 7, MINIMAL_IDEA);
        const me = await apiCall(server.base, cookie, 'GET', '/api/users/me');
        return { id: ((await me.json()) as { id: number }).id, cookie, businessId };
      }),
    );
    const uploadOf = (server: Server, i: number): Upload => ({
      name: `notas-${server.name}-${i}.txt`,
      bytes: Buffer.from(`Notas de la usuaria ${i} en ${server.name}, con ñ: ${crypto.randomUUID()}\n`),
    });
    const quick = await Promise.all(owners.map((who) => send(a, who, `${QUICK_QUESTION} ¿Vamos?`)));
    expect(await Promise.all(quick.map((r) => r.ended))).toEqual(owners.map(() => 'whole'));
    // Stored as finished (charged) by A before A dies, not only reported so from its memory.
    await waitFor('the quick answers stored', 5_000, async () => {
      const result = await (sql as pg.Client).query(`select 1 from generations where status = 'running'`);
      return result.rowCount === 0;
    });

    const long = (
      await Promise.all(
        owners.map((who, i) =>
          Promise.all([a, b].map((server) => send(server, who, '¿Cómo sigo?', uploadOf(server, i)))),
        ),
      )
    ).flat();
    // Mid-answer everywhere, and A has saved some of its answers' text (it flushes every 500 ms).
    await waitFor('every answer streaming', 10_000, () => long.every((r) => r.text.length >= 150));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(long.every((r) => r.text.length < FULL_ANSWER.length)).toBe(true);

    a.child.kill('SIGKILL');
    await exitOf(a.child);
    const killedAt = Date.now();

    const onA = long.filter((r) => r.server === a);
    const onB = long.filter((r) => r.server === b);
    expect(await Promise.all(onA.map((r) => r.ended))).toEqual(onA.map(() => 'cut'));
    expect(await Promise.all(onB.map((r) => r.ended))).toEqual(onB.map(() => 'whole'));
    for (const r of onB) expect(r.text).toBe(FULL_ANSWER);

    // Nobody reads the chats meanwhile: B's own sweep must end A's answers.
    await waitFor('no answer left running', SETTLE_LIMIT_MS, async () => (await runningGenerations()) === 0);
    const settledIn = Date.now() - killedAt;

    for (const [i, who] of owners.entries()) {
      const mine = (list: Receiving[]) => list.filter((r) => r.who === who);
      const answers = [];
      for (const r of [...mine(quick), ...mine(long)]) {
        const chat = await readChat(b, who, r.chatId);
        expect(chat.messages.map((m) => m.sender)).toEqual(['user', 'ai_model']);
        const [question, answer] = chat.messages;
        answers.push(answer);
        if (r.upload) {
          // Every file, uploaded through A or B, is served by B with its bytes.
          expect(question?.fileAttachments.map((f) => f.name)).toEqual([r.upload.name]);
          const file = await apiCall(b.base, who.cookie, 'GET', question?.fileAttachments[0]?.url ?? '');
          expect(Buffer.from(await file.arrayBuffer()).equals(r.upload.bytes)).toBe(true);
        }
        if (r.server === a && r.upload) {
          // Interrupted with the text A had saved, and given back.
          expect(answer).toMatchObject({ finished: true, interrupted: true, charged: false });
          expect(answer?.content.length).toBeGreaterThan(0);
          expect(FULL_ANSWER.startsWith(answer?.content ?? 'x')).toBe(true);
        } else {
          expect(answer).toMatchObject({ finished: true, interrupted: false, charged: true });
          expect(answer?.content).toBe(r.upload ? FULL_ANSWER : QUICK_ANSWER.join(''));
        }
      }
      // Charged for the two whole answers only, once each: the balance and the ledger agree.
      const charged = answers.filter((m) => m?.charged).length;
      expect(charged, `user ${i}`).toBe(2);
      const credits = await creditsOf(b, who);
      expect(credits, `user ${i}`).toBe(PLAN_CREDITS - charged);
      const ledger = await sql.query<{ kind: string; delta: number }>(
        `select kind, delta from credit_ledger where user_id = $1`,
        [who.id],
      );
      expect(ledger.rows.reduce((sum, row) => sum + row.delta, 0)).toBe(credits);
      const kinds = ledger.rows
        .map((row) => row.kind)
        .filter((kind) => kind === 'debit' || kind === 'refund');
      expect(kinds.filter((kind) => kind === 'debit').length).toBe(3);
      expect(kinds.filter((kind) => kind === 'refund').length).toBe(1);
    }
    // The bucket holds every attachment's object, and nothing else.
    const stored = await sql.query<{ storage_key: string }>(`select storage_key from attachments`);
    expect(stored.rowCount).toBe(long.length);
    expect(await s3.keys()).toEqual(stored.rows.map((row) => `uploads/${row.storage_key}`).sort());
    // One attempt per answer: nothing was generated (or charged) a second time.
    const attempts = await sql.query(
      `select message_id from generations group by message_id having count(*) > 1`,
    );
    expect(attempts.rowCount).toBe(0);
    // The worker shared the database throughout and is still up.
    expect(worker.exitCode).toBeNull();
    expect(worker.signalCode).toBeNull();
    console.log(
      `several machines: ${onA.length} answers of the killed process interrupted and refunded ` +
        `${(settledIn / 1000).toFixed(1)} s after the kill (limit ${SETTLE_LIMIT_MS / 1000} s), ` +
        `${onB.length} answers of the survivor whole, ${long.length} files served by the survivor`,
    );
  }, 90_000);
});

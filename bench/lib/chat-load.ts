import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { residentBytes } from '../../apps/api/src/test/server-process.ts';
import { BENCH_QUESTION, BENCH_TOKENS, FIRST_TOKEN_MS, TOKEN_MS } from './chat-model.ts';
import { call } from './rumbo-api.ts';

/** Streams of chat answers under load, shared by the chat-stream and research benchmarks. */
const ROUNDS = 4;
const WARM_UP_ROUNDS = 1;
/** How long the benchmark model takes over one whole answer. */
export const ANSWER_MS = FIRST_TOKEN_MS + (BENCH_TOKENS.length - 1) * TOKEN_MS;

export interface StreamResult {
  ttfb: number;
  ok: boolean;
}

export function request(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
  firstByte: (seen: string) => boolean,
  complete: (all: string) => boolean,
): Promise<StreamResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    let ttfb = Number.NaN;
    let text = '';
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (Number.isNaN(ttfb) && firstByte(text)) ttfb = performance.now() - started;
        });
        res.on('end', () => resolve({ ttfb, ok: res.statusCode === 200 && complete(text) }));
        res.on('error', () => resolve({ ttfb, ok: false }));
      },
    );
    req.on('error', () => resolve({ ttfb, ok: false }));
    req.end(body);
  });
}

export async function run(
  concurrency: number,
  one: (agent: http.Agent, client: number, round: number) => Promise<StreamResult>,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const ttfbs: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      await new Promise((r) => setTimeout(r, (client * ANSWER_MS) / concurrency));
      // The first stream of each client warms connections, pools and compiled code up; its errors
      // count, its time does not.
      for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
        const result = await one(agent, client, round);
        if (!result.ok || Number.isNaN(result.ttfb)) errors++;
        else if (round >= 0) ttfbs.push(result.ttfb);
      }
    }),
  );
  agent.destroy();
  ttfbs.sort((x, y) => x - y);
  const at = (q: number) => ttfbs[Math.min(ttfbs.length - 1, Math.floor(q * ttfbs.length))] ?? Number.NaN;
  return {
    p50: at(0.5),
    p99: at(0.99),
    errors,
    count: ttfbs.length,
    answers: concurrency * (WARM_UP_ROUNDS + ROUNDS),
  };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc; NaN elsewhere. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) of the ended children a process has reaped, in ms, from /proc; NaN elsewhere. */
export function reapedChildrenCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Peak resident memory of a process while `work` runs, sampled from /proc. */
export async function peakRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<[T, number]> {
  let peak = 0;
  const sample = () => {
    const rss = residentBytes(pid);
    // Not Linux, or the process is gone: no figure.
    if (Number.isFinite(rss)) peak = Math.max(peak, rss);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return [result, peak];
  } finally {
    clearInterval(timer);
  }
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server, as in CI) the server runs on a fresh database there:
 * the configuration for many concurrent users (architecture.md §7). Without it, on the embedded PGlite.
 */
export async function benchDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { drop: async () => {} };
  const name = `rumbo_bench_${Date.now()}`;
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** The whole answer of the benchmark model, as a chat stream must deliver it. */
export const BENCH_ANSWER = BENCH_TOKENS.join('');

export interface BenchChat {
  cookie: string;
  /** The chat's stream address. */
  path: string;
}

/** `count` new chats spread over `users`' businesses, one per client. */
export async function openChats(
  base: string,
  users: Array<{ cookie: string; businessId: number }>,
  count: number,
): Promise<BenchChat[]> {
  const chats: BenchChat[] = [];
  for (let client = 0; client < count; client++) {
    const user = users[client % users.length] as { cookie: string; businessId: number };
    const chat = (await (
      await call(base, 'POST', `/api/businesses/${user.businessId}/chats`, user.cookie)
    ).json()) as { id: number };
    chats.push({
      cookie: user.cookie,
      path: `${base}/api/businesses/${user.businessId}/chats/${chat.id}/messages/stream`,
    });
  }
  return chats;
}

let sends = 0;

/** One question sent in `chat` by `client`, its answer streamed to the end; each send a new message id. */
export function streamAnswer(agent: http.Agent, chat: BenchChat, client: number): Promise<StreamResult> {
  sends += 1;
  return request(
    agent,
    chat.path,
    { cookie: chat.cookie },
    JSON.stringify({
      content: BENCH_QUESTION,
      client_message_id: `bench-${process.pid}-${sends}-${client}`,
    }),
    (seen) => seen.length > 0,
    (all) => all === BENCH_ANSWER,
  );
}

/** `concurrency` clients streaming answers in their own chats (see `run`). */
export function streamAnswers(concurrency: number, chats: BenchChat[]) {
  return run(concurrency, (agent, client) => streamAnswer(agent, chats[client] as BenchChat, client));
}

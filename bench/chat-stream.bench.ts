import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH_TOKENS, FIRST_TOKEN_MS, TOKEN_MS } from './lib/chat-model.ts';
import { type RunningProcess, startProcess } from './lib/processes.ts';
import { benchUser, call, freePort } from './lib/rumbo-api.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * Time to first byte of a chat answer through Rumbo (session, ownership, credits debit, question and
 * answer rows, context, generation, batched persistence) versus straight from the model server, in
 * the same run. Each client keeps one stream open after another; clients start spread over one
 * answer's length, so `concurrency` streams are open at any time. Each client's first stream warms up
 * (new connections, pools, compiled code) and is not timed, for the model server alike.
 */
// CHAT_BENCH_LEVELS=50,200 runs only those (for profiling).
const LEVELS = (process.env.CHAT_BENCH_LEVELS ?? '1,50,200,1000').split(',').map(Number);
const ROUNDS = 4;
const WARM_UP_ROUNDS = 1;
const ANSWER_MS = FIRST_TOKEN_MS + (BENCH_TOKENS.length - 1) * TOKEN_MS;
// Sign-ups are rate limited (20 a minute per address); plan 11 gives each 1,400 credits.
const USERS = 10;
const ANSWER = BENCH_TOKENS.join('');

interface StreamResult {
  ttfb: number;
  ok: boolean;
}

function request(
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

async function run(
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
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Peak resident memory of a process while `work` runs, sampled from /proc. */
async function peakRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<[T, number]> {
  let peak = 0;
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb * 1024);
    } catch {
      // Not Linux, or the process is gone: no figure.
    }
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
 * the configuration for many concurrent users (ARCHITECTURE §7). Without it, on the embedded PGlite.
 */
async function benchDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
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

const bench: Benchmark = {
  name: 'chat-stream',
  description:
    'Time to first byte of a streamed chat answer through Rumbo (signed in, credits, persistence and all) versus straight from the model server (first token after 50 ms, then 40 tokens every 20 ms), same run; added ms, errors and the server’s peak memory.',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-chat-'));
    const database = await benchDatabase();
    console.log(`database: ${database.url ? 'PostgreSQL' : 'PGlite'}`);
    const processes: RunningProcess[] = [];
    const rows: Record<string, string | number>[] = [];
    try {
      const model = await startProcess('bench/fake-model-server.ts', {});
      processes.push(model);
      const port = await freePort();
      const rumbo = await startProcess(
        'apps/api/src/main.ts',
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          AI_PROVIDER: 'openai-compatible',
          AI_BASE_URL: model.url,
          AI_MODEL: 'bench-model',
          // Ten users keep up to 1,000 streams going: far past any person's limits, which stay in the path.
          WRITE_LIMIT_MULTIPLIER: '1000',
          ...(database.url ? { DATABASE_URL: database.url } : {}),
        },
        ['--api-only'],
      );
      processes.push(rumbo);
      const base = `http://127.0.0.1:${port}`;

      const users = [];
      for (let n = 0; n < USERS; n++) users.push(await benchUser(base, n));
      const maxClients = Math.max(...LEVELS);
      const chats: Array<{ cookie: string; path: string }> = [];
      for (let client = 0; client < maxClients; client++) {
        const user = users[client % USERS] as { cookie: string; businessId: number };
        const chat = (await (
          await call(base, 'POST', `/api/businesses/${user.businessId}/chats`, user.cookie)
        ).json()) as { id: number };
        chats.push({
          cookie: user.cookie,
          path: `${base}/api/businesses/${user.businessId}/chats/${chat.id}/messages/stream`,
        });
      }

      const modelBody = JSON.stringify({
        model: 'bench-model',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: '¿Cómo consigo mis primeros clientes?' }],
      });
      let sendCounter = 0;
      for (const concurrency of LEVELS) {
        // Alternate the two, direct first, so that neither gets a warmer machine.
        const direct = await run(concurrency, (agent) =>
          request(
            agent,
            `${model.url}/chat/completions`,
            {},
            modelBody,
            (seen) => /"content":"[^"]/.test(seen),
            (all) => all.includes('[DONE]'),
          ),
        );
        const cpuBefore = cpuMs(rumbo.child.pid);
        const [ours, peak] = await peakRss(rumbo.child.pid, () =>
          run(concurrency, (agent, client) => {
            const chat = chats[client] as { cookie: string; path: string };
            sendCounter += 1;
            return request(
              agent,
              chat.path,
              { cookie: chat.cookie },
              JSON.stringify({
                content: '¿Cómo consigo mis primeros clientes?',
                client_message_id: `bench-${sendCounter}-${client}`,
              }),
              (seen) => seen.length > 0,
              (all) => all === ANSWER,
            );
          }),
        );
        rows.push({
          concurrency,
          streams: ours.count + ours.errors,
          'model p50 ms': direct.p50.toFixed(1),
          'rumbo p50 ms': ours.p50.toFixed(1),
          'added p50 ms': (ours.p50 - direct.p50).toFixed(1),
          'model p99 ms': direct.p99.toFixed(1),
          'rumbo p99 ms': ours.p99.toFixed(1),
          'added p99 ms': (ours.p99 - direct.p99).toFixed(1),
          errors: direct.errors + ours.errors,
          'server CPU ms/answer': ((cpuMs(rumbo.child.pid) - cpuBefore) / ours.answers).toFixed(1),
          'server peak MB': Math.round(peak / 1024 / 1024),
        });
      }
    } finally {
      for (const p of processes.reverse()) await p.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
    return rows;
  },
};

export default bench;

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNodeFlags } from '../apps/api/src/test/server-process.ts';
import {
  BENCH_ANSWER,
  benchDatabase,
  openChats,
  peakRss,
  request,
  run,
  streamAnswers,
} from './lib/chat-load.ts';
import { BENCH_QUESTION } from './lib/chat-model.ts';
import { measureBudget } from './lib/machine-budget.ts';
import { type RunningProcess, startProcess } from './lib/processes.ts';
import { benchUser, startRumbo } from './lib/rumbo-api.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * Time to first byte of a chat answer through Rumbo (session, ownership, credits debit, question and
 * answer rows, context, generation, batched persistence) versus straight from the model server, in
 * the same run, with a bare Node relay of the same answers beside them (bench/relay-floor-server.ts:
 * what any Node server spends to relay them, the floor under Rumbo's CPU per answer). Each client
 * keeps one stream open after another; clients start spread over one answer's length, so
 * `concurrency` streams are open at any time. Each client's first stream warms up (new connections,
 * pools, compiled code) and is not timed, for the model server and the relay alike.
 */
// CHAT_BENCH_LEVELS=50,200 runs only those (for profiling).
const LEVELS = (process.env.CHAT_BENCH_LEVELS ?? '1,50,200,1000').split(',').map(Number);
// Sign-ups are rate limited (20 a minute per address); plan 11 gives each 1,400 credits.
const USERS = 10;

const bench: Benchmark = {
  name: 'chat-stream',
  description:
    'Time to first byte of a streamed chat answer through Rumbo (signed in, credits, persistence and all) versus straight from the model server (first token after 50 ms, then 40 tokens every 20 ms), same run; added ms, errors, the server’s peak memory, and where the machine’s CPU went (Rumbo, the PostgreSQL server, the model server and this load generator, per answer; how busy the cores were). The floor columns are a bare Node relay of the same answers (no session, database or credits): what relaying 41 tokens costs at all; "CPU × floor" and "p99 over floor ms" set Rumbo against it.',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-chat-'));
    const database = await benchDatabase();
    console.log(
      `database: ${database.url ? 'PostgreSQL' : 'PGlite'}; server: node ${startNodeFlags().join(' ')}`,
    );
    const processes: RunningProcess[] = [];
    const rows: Record<string, string | number>[] = [];
    try {
      const model = await startProcess('bench/fake-model-server.ts', {});
      processes.push(model);
      const relay = await startProcess('bench/relay-floor-server.ts', { MODEL_URL: model.url });
      processes.push(relay);
      const rumbo = await startRumbo(model.url, dataDir, database.url);
      processes.push(rumbo);
      const { base } = rumbo;

      const users = [];
      for (let n = 0; n < USERS; n++) users.push(await benchUser(base, n));
      const maxClients = Math.max(...LEVELS);
      const chats = await openChats(base, users, maxClients);

      const modelBody = JSON.stringify({
        model: 'bench-model',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: BENCH_QUESTION }],
      });
      for (const concurrency of LEVELS) {
        // Direct, then the relay floor, then Rumbo: each level in the same order, so that none gets a
        // warmer machine.
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
        const [floor, floorBudget] = await measureBudget(relay.child.pid, model.child.pid, () =>
          run(concurrency, (agent) =>
            request(
              agent,
              relay.url,
              {},
              JSON.stringify({ content: BENCH_QUESTION }),
              (seen) => seen.length > 0,
              (all) => all === BENCH_ANSWER,
            ),
          ),
        );
        const [[ours, peak], budget] = await measureBudget(rumbo.child.pid, model.child.pid, () =>
          peakRss(rumbo.child.pid, () => streamAnswers(concurrency, chats)),
        );
        const perAnswer = (ms: number) => (ms / ours.answers).toFixed(1);
        const serverMs = budget.serverMs / ours.answers;
        const floorMs = floorBudget.serverMs / floor.answers;
        const floorAddedP99 = floor.p99 - direct.p99;
        rows.push({
          concurrency,
          streams: ours.count + ours.errors,
          'model p50 ms': direct.p50.toFixed(1),
          'rumbo p50 ms': ours.p50.toFixed(1),
          'added p50 ms': (ours.p50 - direct.p50).toFixed(1),
          'model p99 ms': direct.p99.toFixed(1),
          'rumbo p99 ms': ours.p99.toFixed(1),
          'added p99 ms': (ours.p99 - direct.p99).toFixed(1),
          'floor added p99 ms': floorAddedP99.toFixed(1),
          // In the targets' own terms: the added tail beyond the floor's, and CPU as a multiple of the floor's.
          'p99 over floor ms': (ours.p99 - direct.p99 - floorAddedP99).toFixed(1),
          errors: direct.errors + floor.errors + ours.errors,
          'server CPU ms/answer': serverMs.toFixed(1),
          'floor CPU ms/answer': floorMs.toFixed(1),
          'CPU × floor': (serverMs / floorMs).toFixed(2),
          'server peak MB': Math.round(peak / 1024 / 1024),
          'postgres CPU ms/answer': database.url ? perAnswer(budget.postgresMs) : '-',
          'model+client CPU ms/answer': perAnswer(budget.modelMs + budget.loadMs),
          'cores busy %': Math.round(budget.busyPercent),
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

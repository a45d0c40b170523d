import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LatestResearch, ResearchReport } from '@rumbo/contract';
import { benchDatabase, openChats, streamAnswers } from './lib/chat-load.ts';
import { type RunningProcess, startProcess } from './lib/processes.ts';
import { BENCH_IDEA, type BenchUser, benchUser, call, startRumbo } from './lib/rumbo-api.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * What market research costs the chat (issue 14): time to first byte of 200 concurrent chat streams
 * with no research running, then with 20 research runs working at the same time, in the same run; and
 * the wall time and tokens of one run against the fake model (each research step answered after
 * BENCH_RESEARCH_STEP_MS).
 */
const CONCURRENCY = Number(process.env.RESEARCH_BENCH_STREAMS ?? 200);
const RUNS = 20;
const USERS = 10;
const STEP_MS = 600;

async function latest(base: string, user: BenchUser, businessId: number): Promise<LatestResearch> {
  return (await (
    await call(base, 'GET', `/api/businesses/${businessId}/research`, user.cookie)
  ).json()) as LatestResearch;
}

/** Waits until none of these businesses has a run under way. */
async function settled(base: string, pairs: Array<[BenchUser, number]>) {
  for (;;) {
    const states = await Promise.all(pairs.map(([user, id]) => latest(base, user, id)));
    if (states.every((s) => s.research?.status !== 'pending' && s.research?.status !== 'running'))
      return states;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const bench: Benchmark = {
  name: 'research',
  description: `Chat time to first byte at ${CONCURRENCY} streams with no research running and with ${RUNS} research runs working (each step ${STEP_MS} ms at the fake model), same run; then one run's wall time and tokens.`,
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-research-'));
    const database = await benchDatabase();
    console.log(`database: ${database.url ? 'PostgreSQL' : 'PGlite'}`);
    const processes: RunningProcess[] = [];
    const rows: Record<string, string | number>[] = [];
    try {
      const model = await startProcess('bench/fake-model-server.ts', {
        BENCH_RESEARCH_STEP_MS: String(STEP_MS),
      });
      processes.push(model);
      // All 20 runs work at once: the worst case for the chat.
      const rumbo = await startRumbo(model.url, dataDir, database.url, {
        RESEARCH_CONCURRENCY: String(RUNS),
      });
      processes.push(rumbo);
      const { base } = rumbo;

      const users: BenchUser[] = [];
      for (let n = 0; n < USERS; n++) users.push(await benchUser(base, `r${n}`));
      // Each user's first business started a run: the quiet phase waits for them to end.
      await settled(
        base,
        users.map((user) => [user, user.businessId]),
      );
      const chats = await openChats(base, users, CONCURRENCY);
      const streams = () => streamAnswers(CONCURRENCY, chats);

      // A whole first phase warms the server up (its errors and times are not counted): the two measured
      // phases then differ only in the research runs working.
      const warmUp = await streams();
      const quiet = await streams();
      // Twenty new businesses (two per user) start twenty runs at once.
      const started: Array<[BenchUser, number]> = [];
      for (const user of users) {
        for (let n = 0; n < RUNS / USERS; n++) {
          const business = (await (
            await call(base, 'POST', '/api/businesses/ideas', user.cookie, {
              ...BENCH_IDEA,
              name: `Cafetería ${started.length}`,
            })
          ).json()) as { id: number };
          started.push([user, business.id]);
        }
      }
      const busy = await streams();
      const working = (await Promise.all(started.map(([user, id]) => latest(base, user, id)))).filter(
        (s) => s.research?.status === 'running' || s.research?.status === 'pending',
      ).length;
      rows.push(
        {
          phase: `no research running (after a warm-up phase with ${warmUp.errors} errors)`,
          streams: quiet.count + quiet.errors,
          'p50 ms': quiet.p50.toFixed(1),
          'p99 ms': quiet.p99.toFixed(1),
          errors: quiet.errors,
        },
        {
          phase: `${RUNS} research runs working (${working} still at the end)`,
          streams: busy.count + busy.errors,
          'p50 ms': busy.p50.toFixed(1),
          'p99 ms': busy.p99.toFixed(1),
          errors: busy.errors,
          'added p50 ms': (busy.p50 - quiet.p50).toFixed(1),
          'added p99 ms': (busy.p99 - quiet.p99).toFixed(1),
        },
      );

      const ended = await settled(base, started);
      const [user, businessId] = started[0] as [BenchUser, number];
      const first = ended[0]?.research;
      const report = (await (
        await call(base, 'GET', `/api/researches/${first?.id}`, user.cookie)
      ).json()) as ResearchReport;
      rows.push({
        phase: `one run (business ${businessId}): ${report.status}, ${report.sections.length} sections`,
        'wall s': ((report.duration_ms ?? Number.NaN) / 1000).toFixed(1),
        tokens: report.tokens_used,
      });
    } finally {
      for (const p of processes.reverse()) await p.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
    return rows;
  },
};

export default bench;

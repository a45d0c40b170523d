import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { residentBytes } from '../apps/api/src/test/server-process.ts';
import { benchDatabase, openChats, peakRss, streamAnswers } from './lib/chat-load.ts';
import { type RunningProcess, startBuiltApi, startProcess } from './lib/processes.ts';
import { benchUser } from './lib/rumbo-api.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * The resident memory of the built server (`npm start`'s command) on each engine: idle on a new data
 * directory or database once started, then its peak while 200 chat answers stream at once (the bench fake
 * model). PGlite always; PostgreSQL when TEST_DATABASE_URL names a server (a database of its own is
 * created and dropped). Reports, never fails.
 */
const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 4414);
const STREAMS = 200;
const USERS = 10;
/** Lets start-up work (migrations, the job queue's first polls) settle before the idle figure. */
const SETTLE_MS = 10_000;
const TARGETS_MB = { pglite: { idle: 300, streams: 500 }, postgres: { idle: 150, streams: Number.NaN } };

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function measure(engine: 'pglite' | 'postgres', modelUrl: string, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-memory-'));
  const base = `http://127.0.0.1:${PORT}`;
  let rumbo: RunningProcess | undefined;
  try {
    rumbo = await startBuiltApi({
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: modelUrl,
      AI_MODEL: 'bench-model',
      WRITE_LIMIT_MULTIPLIER: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = residentBytes(rumbo.child.pid);
    const users = [];
    for (let n = 0; n < USERS; n++) users.push(await benchUser(base, `${engine}-${n}`));
    const chats = await openChats(base, users, STREAMS);
    const [result, peak] = await peakRss(rumbo.child.pid, () => streamAnswers(STREAMS, chats));
    const target = TARGETS_MB[engine];
    const over = [
      ...(mb(idle) > target.idle ? ['idle'] : []),
      ...(mb(peak) > target.streams ? ['streams'] : []),
    ];
    return {
      engine,
      'idle MB': mb(idle),
      [`${STREAMS} streams peak MB`]: mb(peak),
      answers: result.answers,
      errors: result.errors,
      target: `idle ≤ ${target.idle} MB${Number.isNaN(target.streams) ? '' : `, ≤ ${target.streams} MB at ${STREAMS}`}`,
      verdict: over.length ? `OVER: ${over.join(', ')}` : 'on target',
    };
  } finally {
    await rumbo?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default {
  name: 'memory',
  description: `Resident memory of the built server per engine: idle after start, and its peak at ${STREAMS} streamed answers`,
  async run() {
    const model = await startProcess('bench/fake-model-server.ts', {});
    const rows: Record<string, string | number>[] = [];
    try {
      rows.push(await measure('pglite', model.url));
      const database = await benchDatabase();
      try {
        if (database.url) rows.push(await measure('postgres', model.url, database.url));
        else console.log('PostgreSQL skipped: set TEST_DATABASE_URL to measure it too');
      } finally {
        await database.drop();
      }
    } finally {
      await model.stop();
    }
    return rows;
  },
} satisfies Benchmark;

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from './lib/load.ts';
import { startApi, startProcess } from './lib/processes.ts';
import type { Benchmark } from './lib/types.ts';

const DURATION_MS = 3_000;
const CONCURRENCY = [1, 50, 200];

const bench: Benchmark = {
  name: 'http-overhead',
  description:
    'GET /api/health through Rumbo (request id, logging, security headers, a database round trip) versus bare node:http, same machine, same run.',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-'));
    const rumbo = await startApi({ PORT: '0', DATA_DIR: dataDir });
    const bare = await startProcess('bench/baseline-server.ts', {});
    const rows: Record<string, string | number>[] = [];
    try {
      for (const concurrency of CONCURRENCY) {
        // Alternate the two so that neither gets a warmer machine.
        const base = await load(bare.url, '/', concurrency, DURATION_MS);
        const ours = await load(rumbo.url, '/api/health', concurrency, DURATION_MS);
        rows.push({
          concurrency,
          'bare p50 ms': base.p50.toFixed(2),
          'rumbo p50 ms': ours.p50.toFixed(2),
          'bare p99 ms': base.p99.toFixed(2),
          'rumbo p99 ms': ours.p99.toFixed(2),
          'added p99 ms': (ours.p99 - base.p99).toFixed(2),
          'bare req/s': Math.round(base.perSecond),
          'rumbo req/s': Math.round(ours.perSecond),
          'throughput ratio': (ours.perSecond / base.perSecond).toFixed(2),
          errors: base.errors + ours.errors,
        });
      }
    } finally {
      await rumbo.stop();
      await bare.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return rows;
  },
};

export default bench;

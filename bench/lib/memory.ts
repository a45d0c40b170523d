import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { residentBytes } from '../../apps/api/src/test/server-process.ts';

const MB = 1024 * 1024;
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-probe.ts');
const PROBE_TIMEOUT_MS = 2_000;

export interface MemorySample {
  rssMb: number;
  /** The V8 heap in use; NaN when the process did not answer the probe in time. */
  heapUsedMb: number;
}

/**
 * Reads the memory of a process started with `preload` and `env` (see memory-probe.ts): resident memory
 * from /proc, the heap in use from the process itself. `file` is where the process writes it.
 */
export function memoryProbe(file: string) {
  return {
    preload: [PROBE],
    env: { BENCH_MEMORY_FILE: file },
    async read(pid: number | undefined): Promise<MemorySample> {
      fs.rmSync(file, { force: true });
      const rssMb = residentBytes(pid) / MB;
      if (pid === undefined) return { rssMb, heapUsedMb: Number.NaN };
      process.kill(pid, 'SIGUSR2');
      // The process answers between two turns of its event loop: under load that can take a while.
      const deadline = performance.now() + PROBE_TIMEOUT_MS;
      while (performance.now() < deadline) {
        if (fs.existsSync(file)) {
          const usage = JSON.parse(fs.readFileSync(file, 'utf8')) as NodeJS.MemoryUsage;
          return { rssMb, heapUsedMb: usage.heapUsed / MB };
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return { rssMb, heapUsedMb: Number.NaN };
    },
  };
}

export interface Trend {
  /** Least-squares slope, in y units per x unit. */
  slope: number;
  /** Twice the slope's standard error (about a 95% interval): a slope this small is noise. */
  noise: number;
}

/** The least-squares line through `points` and how far its slope could be off; needs 3 points or more. */
export function trend(points: Array<{ x: number; y: number }>): Trend {
  const valid = points.filter((p) => Number.isFinite(p.y));
  const n = valid.length;
  if (n < 3) return { slope: Number.NaN, noise: Number.NaN };
  const meanX = valid.reduce((s, p) => s + p.x, 0) / n;
  const meanY = valid.reduce((s, p) => s + p.y, 0) / n;
  const sxx = valid.reduce((s, p) => s + (p.x - meanX) ** 2, 0);
  const slope = valid.reduce((s, p) => s + (p.x - meanX) * (p.y - meanY), 0) / sxx;
  const residuals = valid.reduce((s, p) => s + (p.y - meanY - slope * (p.x - meanX)) ** 2, 0);
  return { slope, noise: 2 * Math.sqrt(residuals / (n - 2) / sxx) };
}

/** The processes `pid` started, and theirs in turn, from /proc (Linux); none elsewhere or once it is gone. */
export function descendantPids(pid: number | undefined): number[] {
  const found: number[] = [];
  const visit = (parent: number | undefined) => {
    let threads: string[] = [];
    try {
      threads = fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const thread of threads) {
      let children = '';
      try {
        children = fs.readFileSync(`/proc/${parent}/task/${thread}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

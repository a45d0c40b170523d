import fs from 'node:fs';
import { cpuMs } from './chat-load.ts';

/**
 * Where a run's CPU went on this machine: the server under test, the PostgreSQL server (every process
 * named `postgres`; run on a quiet machine), the model server and this process (the load generator),
 * and how busy the machine's cores were. On two cores the last three share the machine with the server,
 * so its figures only mean something next to theirs. Linux only: elsewhere the figures are NaN.
 */
export interface Budget {
  /** The server under test: Rumbo, or the relay floor. */
  serverMs: number;
  postgresMs: number;
  modelMs: number;
  loadMs: number;
  /** Share of all cores' time that was not idle, 0–100. */
  busyPercent: number;
}

/** CPU used so far by every process whose name is `postgres`, in ms. */
function postgresCpuMs(): number {
  if (!fs.existsSync('/proc')) return Number.NaN;
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // gone meanwhile
    }
    const used = cpuMs(Number(entry));
    if (Number.isFinite(used)) total += used;
  }
  return total;
}

/** All cores' [busy, total] clock ticks so far, from the first line of /proc/stat. */
function machineTicks(): [number, number] {
  let fields: number[];
  try {
    fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
  } catch {
    return [Number.NaN, Number.NaN];
  }
  if (fields.length < 8) return [Number.NaN, Number.NaN];
  const total = fields.reduce((a, b) => a + b, 0);
  // idle and iowait are the time no process ran.
  return [total - (fields[3] ?? 0) - (fields[4] ?? 0), total];
}

function snapshot(serverPid: number | undefined, modelPid: number | undefined) {
  const load = process.cpuUsage();
  return {
    server: cpuMs(serverPid),
    model: cpuMs(modelPid),
    postgres: postgresCpuMs(),
    load: (load.user + load.system) / 1000,
    ticks: machineTicks(),
  };
}

/** Runs `work` and says where the machine's CPU went meanwhile. */
export async function measureBudget<T>(
  serverPid: number | undefined,
  modelPid: number | undefined,
  work: () => Promise<T>,
): Promise<[T, Budget]> {
  const before = snapshot(serverPid, modelPid);
  const result = await work();
  const after = snapshot(serverPid, modelPid);
  const [busy, total] = [after.ticks[0] - before.ticks[0], after.ticks[1] - before.ticks[1]];
  return [
    result,
    {
      serverMs: after.server - before.server,
      postgresMs: after.postgres - before.postgres,
      modelMs: after.model - before.model,
      loadMs: after.load - before.load,
      busyPercent: (busy / total) * 100,
    },
  ];
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeFlateBombPdf } from '../apps/api/src/test/documents.ts';
import { residentBytes } from '../apps/api/src/test/server-process.ts';
import { benchDatabase, cpuMs, openChats, reapedChildrenCpuMs } from './lib/chat-load.ts';
import { descendantPids } from './lib/memory.ts';
import { type RunningProcess, startProcess } from './lib/processes.ts';
import { benchUser, startRumbo } from './lib/rumbo-api.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * Flate-bomb PDFs of about 1 MB (each inflates to 1,000 MB of text) attached to chat messages, AT_ONCE
 * at a time from USERS users, while /api/health is asked every 100 ms. The resident memory of the API's
 * main process, and of the processes it started (the document readers), is sampled from /proc: idle
 * before the first upload, its peak, and AFTER_S seconds after the last refusal.
 */
const FILES = Number(process.env.UPLOAD_MEMORY_FILES ?? 60);
const AFTER_S = Number(process.env.UPLOAD_MEMORY_AFTER_S ?? 120);
/** No more files are sent once the server holds this much (the code before ADR 0024 would take the machine). */
const CEILING_MB = Number(process.env.UPLOAD_MEMORY_CEILING_MB ?? 6_144);
const AT_ONCE = 6;
const USERS = 3;
const INFLATED_MB = 1_000;
const HEALTH_EVERY_MS = 100;
const SAMPLE_EVERY_MS = 200;
/** Time for the freshly started server to settle before its idle memory is read. */
const SETTLE_MS = 10_000;
const REFUSED = new Set([413, 422]);

const MB = 1024 * 1024;
const mb = (bytes: number) =>
  Number.isFinite(bytes) ? `${Math.round(bytes / MB).toLocaleString('en')} MB` : '—';

/** CPU time of the ended processes below `pid`, reaped by it or by a process below it that is still running. */
function endedBelowCpuMs(pid: number | undefined): number {
  return [pid, ...descendantPids(pid)].reduce<number>((sum, p) => sum + (reapedChildrenCpuMs(p) || 0), 0);
}

/** Resident memory of the API's main process and, apart, of every process below it. */
function memoryOf(pid: number | undefined) {
  const readers = descendantPids(pid)
    .map(residentBytes)
    .filter(Number.isFinite)
    .reduce((sum, rss) => sum + rss, 0);
  return { main: residentBytes(pid), readers };
}

/** Asks /api/health every HEALTH_EVERY_MS until stopped: its answer times (p50, p99, slowest) and failures. */
function watchHealth(base: string) {
  let running = true;
  const times: number[] = [];
  let failures = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
      } catch {
        failures++;
      }
      times.push(performance.now() - started);
      await sleep(HEALTH_EVERY_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      times.sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN);
      return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${at(1)} ms of ${times.length}; ${failures} failed`;
    },
  };
}

const bench: Benchmark = {
  name: 'upload-memory',
  description: `${FILES} Flate-bomb PDFs of about 1 MB (UPLOAD_MEMORY_FILES; each inflates to ${INFLATED_MB.toLocaleString('en')} MB) sent as chat attachments, ${AT_ONCE} at a time from ${USERS} users, to the API on PGlite while /api/health is asked every ${HEALTH_EVERY_MS} ms. Every one must be refused (413 or 422). No more are sent once the server holds UPLOAD_MEMORY_CEILING_MB (6,144). Prints the resident memory of the API's main process and of its document-reading processes: idle, peak, and ${AFTER_S} s (UPLOAD_MEMORY_AFTER_S) after the last refusal.`,
  async run() {
    if (!(Number.isInteger(FILES) && FILES >= 1))
      throw new Error('UPLOAD_MEMORY_FILES must be a whole number ≥ 1');
    if (!(AFTER_S >= 0)) throw new Error('UPLOAD_MEMORY_AFTER_S must be ≥ 0');
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-upload-memory-'));
    const database = await benchDatabase();
    console.log(`database: ${database.url ? 'PostgreSQL' : 'PGlite'}`);
    const processes: RunningProcess[] = [];
    try {
      const model = await startProcess('bench/fake-model-server.ts', {});
      processes.push(model);
      const rumbo = await startRumbo(model.url, path.join(work, 'data'), database.url);
      processes.push(rumbo);
      const pid = rumbo.child.pid;

      const users = [];
      for (let n = 0; n < USERS; n++) users.push(await benchUser(rumbo.base, n));
      const chats = await openChats(rumbo.base, users, AT_ONCE);
      const pdf = await makeFlateBombPdf(INFLATED_MB);
      await sleep(SETTLE_MS);
      const idle = memoryOf(pid);
      console.log(
        `${(pdf.length / MB).toFixed(2)} MB PDF; idle: main ${mb(idle.main)}, readers ${mb(idle.readers)}`,
      );

      const peak = { ...idle, total: idle.main + idle.readers };
      let sent = 0;
      let ceilingAt: number | undefined;
      const sampler = setInterval(() => {
        const now = memoryOf(pid);
        peak.main = Math.max(peak.main, now.main);
        peak.readers = Math.max(peak.readers, now.readers);
        peak.total = Math.max(peak.total, now.main + now.readers);
        if (now.main + now.readers > CEILING_MB * MB && ceilingAt === undefined) ceilingAt = sent;
      }, SAMPLE_EVERY_MS);

      const cpuBefore = { main: cpuMs(pid), readers: endedBelowCpuMs(pid) };
      const health = watchHealth(rumbo.base);
      const statuses = new Map<number, number>();
      let next = 0;
      const started = performance.now();
      await Promise.all(
        chats.map(async (chat, client) => {
          for (let file = next++; file < FILES && ceilingAt === undefined; file = next++) {
            const form = new FormData();
            form.append('content', 'Échale un vistazo a este informe');
            form.append('client_message_id', `bench-upload-${process.pid}-${file}`);
            form.append('files', new Blob([pdf]), `informe-${file}.pdf`);
            const res = await fetch(chat.path, {
              method: 'POST',
              headers: { cookie: chat.cookie, origin: rumbo.base },
              body: form,
            });
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            sent++;
            if (sent % 10 === 0) {
              const now = memoryOf(pid);
              console.log(
                `${sent}/${FILES} answered after ${Math.round((performance.now() - started) / 1000)} s (client ${client}): main ${mb(now.main)}, readers ${mb(now.readers)}`,
              );
            }
          }
        }),
      );
      const uploadsS = (performance.now() - started) / 1000;
      const during = await health.stop();
      const atLast = memoryOf(pid);
      const perUpload = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms / sent)} ms` : '—');
      const cpu = {
        main: perUpload(cpuMs(pid) - cpuBefore.main),
        readers: perUpload(endedBelowCpuMs(pid) - cpuBefore.readers),
      };

      const calm = watchHealth(rumbo.base);
      await sleep(AFTER_S * 1000);
      clearInterval(sampler);
      const after = memoryOf(pid);
      const afterHealth = await calm.stop();

      const refused = [...statuses].filter(([status]) => REFUSED.has(status)).reduce((s, [, n]) => s + n, 0);
      const byStatus = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
      console.log(
        `${sent} uploads in ${uploadsS.toFixed(0)} s (${byStatus}); at the last answer: main ${mb(atLast.main)}, readers ${mb(atLast.readers)}`,
      );
      if (ceilingAt !== undefined) {
        console.log(
          `STOPPED: the server passed ${CEILING_MB.toLocaleString('en')} MB after ${ceilingAt} answers`,
        );
      }
      return [
        {
          metric: 'uploads refused (413/422)',
          measured: `${refused} of ${sent} sent (${byStatus})${ceilingAt === undefined ? '' : `, then stopped at the ${CEILING_MB.toLocaleString('en')} MB ceiling`}`,
          target: `${FILES} of ${FILES}`,
        },
        {
          metric: '/api/health during the uploads',
          measured: during,
          target: 'slowest < 200 ms, 0 failed',
        },
        {
          metric: 'CPU per upload: main process (its health checks included) / ended reading processes',
          measured: `${cpu.main} / ${cpu.readers}`,
          target: '',
        },
        {
          metric: `/api/health in the ${AFTER_S} s after (the machine's noise)`,
          measured: afterHealth,
          target: '',
        },
        { metric: 'main process RSS: idle', measured: mb(idle.main), target: '' },
        { metric: 'main process RSS: peak', measured: mb(peak.main), target: '' },
        {
          metric: `main process RSS: ${AFTER_S} s after the last`,
          measured: `${mb(after.main)} (${after.main >= idle.main ? '+' : ''}${mb(after.main - idle.main)} over idle)`,
          target: '≤ idle + 300 MB',
        },
        {
          metric: 'reading processes RSS: idle / peak / after',
          measured: `${mb(idle.readers)} / ${mb(peak.readers)} / ${mb(after.readers)}`,
          target: '',
        },
        {
          metric: 'main + readers RSS: idle / peak / after',
          measured: `${mb(idle.main + idle.readers)} / ${mb(peak.total)} / ${mb(after.main + after.readers)}`,
          target: '',
        },
      ];
    } finally {
      for (const p of processes.reverse()) await p.stop();
      fs.rmSync(work, { recursive: true, force: true });
      await database.drop();
    }
  },
};

export default bench;

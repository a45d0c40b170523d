import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ANSWER_COST, PLANS } from '@rumbo/contract';
import { ANSWER_MS, type BenchChat, benchDatabase, openChats, streamAnswer } from './lib/chat-load.ts';
import { type MemorySample, memoryProbe, type Trend, trend } from './lib/memory.ts';
import { type RunningProcess, startProcess } from './lib/processes.ts';
import { benchUser, startRumbo } from './lib/rumbo-api.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * SOAK_STREAMS answers kept streaming for SOAK_MINUTES: each client sends its next question as soon as
 * an answer ends. The memory of the API process and of the model server (the baseline: a plain Node
 * process serving the very same streams) is sampled every 10 s and printed every minute; after a warm-up
 * minute, a least-squares line through the samples gives each one's growth per minute.
 */
const STREAMS = Number(process.env.SOAK_STREAMS ?? 50);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WARM_UP_MINUTES = 1;
const SAMPLE_MS = 10_000;
const SAMPLES_PER_MINUTE = 60_000 / SAMPLE_MS;
// Bench users are on plan 11 (see benchUser); no stream may run its user's credits out.
const USER_CREDITS = (PLANS[11].monthlyCredits ?? 0) / ANSWER_COST;

interface Sample {
  minute: number;
  rumbo: MemorySample;
  model: MemorySample;
}

const mb = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const signed = (n: number) => (n >= 0 ? `+${mb(n)}` : mb(n));

/** "flat" when the slope is within its own noise; a falling line is no growth either. */
function verdict(t: Trend): string {
  if (!Number.isFinite(t.slope)) return 'too few samples';
  if (Math.abs(t.slope) <= t.noise) return 'flat within noise';
  return t.slope > 0 ? 'grows' : 'falls';
}

/**
 * Which chat each stream sends in: a chat takes at most as many answers as its user's credits allow,
 * and a stream that needs more moves on to its next chat (another user's).
 */
function chatPlan(streams: number, minutes: number) {
  const answersPerStream = Math.ceil((minutes * 60_000) / ANSWER_MS);
  const answersPerChat = Math.min(answersPerStream, USER_CREDITS);
  const chatsPerStream = Math.ceil(answersPerStream / answersPerChat);
  const chatsPerUser = Math.floor(USER_CREDITS / answersPerChat);
  const chats = streams * chatsPerStream;
  return { answersPerChat, chatsPerStream, chats, users: Math.ceil(chats / chatsPerUser) };
}

const bench: Benchmark = {
  name: 'soak',
  description: `Memory of the Rumbo API while ${STREAMS} chat answers (SOAK_STREAMS) stream without pause for ${MINUTES} minutes (SOAK_MINUTES, at least 2): RSS and V8 heap used, printed every minute, and each one's least-squares slope in MB/min over the samples after a warm-up minute, with its noise (twice the slope's standard error). The baseline is the fake model server, a plain Node process serving the same streams in the same run: its slope shows what this machine's noise looks like.`,
  async run() {
    if (!Number.isInteger(STREAMS) || STREAMS < 1) throw new Error('SOAK_STREAMS must be a whole number ≥ 1');
    if (!(MINUTES >= WARM_UP_MINUTES + 1)) throw new Error(`SOAK_MINUTES must be ≥ ${WARM_UP_MINUTES + 1}`);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-soak-'));
    const database = await benchDatabase();
    console.log(`database: ${database.url ? 'PostgreSQL' : 'PGlite'}`);
    const processes: RunningProcess[] = [];
    try {
      const modelMemory = memoryProbe(path.join(work, 'model-memory.json'));
      const model = await startProcess(
        'bench/fake-model-server.ts',
        modelMemory.env,
        [],
        modelMemory.preload,
      );
      processes.push(model);
      const rumboMemory = memoryProbe(path.join(work, 'rumbo-memory.json'));
      const rumbo = await startRumbo(
        model.url,
        path.join(work, 'data'),
        database.url,
        rumboMemory.env,
        rumboMemory.preload,
      );
      processes.push(rumbo);

      const plan = chatPlan(STREAMS, MINUTES);
      const users = [];
      for (let n = 0; n < plan.users; n++) users.push(await benchUser(rumbo.base, n));
      const chats = await openChats(rumbo.base, users, plan.chats);
      console.log(`${STREAMS} streams for ${MINUTES} min, ${plan.users} users, ${plan.chats} chats`);

      let answers = 0;
      let errors = 0;
      const started = performance.now();
      const deadline = started + MINUTES * 60_000;
      const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS });
      const stream = async (client: number) => {
        // Starts spread over one answer's length, so that answers end (and start again) evenly.
        await sleep((client * ANSWER_MS) / STREAMS);
        for (let sent = 0; performance.now() < deadline; sent++) {
          const chat = chats[
            client * plan.chatsPerStream + Math.floor(sent / plan.answersPerChat)
          ] as BenchChat;
          const result = await streamAnswer(agent, chat, client);
          if (result.ok && !Number.isNaN(result.ttfb)) answers++;
          else {
            errors++;
            // A failing server is not hammered in a tight loop.
            await sleep(ANSWER_MS);
          }
        }
      };

      const samples: Sample[] = [];
      const sampleMemory = async () => {
        for (let i = 0; i <= MINUTES * SAMPLES_PER_MINUTE; i++) {
          await sleep(started + i * SAMPLE_MS - performance.now());
          const [r, m] = await Promise.all([
            rumboMemory.read(rumbo.child.pid),
            modelMemory.read(model.child.pid),
          ]);
          samples.push({ minute: (i * SAMPLE_MS) / 60_000, rumbo: r, model: m });
          if (i % SAMPLES_PER_MINUTE === 0) {
            console.log(
              `minute ${i / SAMPLES_PER_MINUTE}/${MINUTES}: Rumbo RSS ${mb(r.rssMb)} MB, heap used ${mb(r.heapUsedMb)} MB · model server RSS ${mb(m.rssMb)} MB, heap used ${mb(m.heapUsedMb)} MB · ${answers} answers, ${errors} errors`,
            );
          }
        }
      };
      await Promise.all([sampleMemory(), ...Array.from({ length: STREAMS }, (_, client) => stream(client))]);
      agent.destroy();

      const settled = samples.filter((s) => s.minute >= WARM_UP_MINUTES);
      const series = [
        { process: 'Rumbo API', memory: 'RSS', of: (s: Sample) => s.rumbo.rssMb },
        { process: 'Rumbo API', memory: 'heap used', of: (s: Sample) => s.rumbo.heapUsedMb },
        { process: 'model server (baseline)', memory: 'RSS', of: (s: Sample) => s.model.rssMb },
        { process: 'model server (baseline)', memory: 'heap used', of: (s: Sample) => s.model.heapUsedMb },
      ].map((line) => ({ ...line, trend: trend(settled.map((s) => ({ x: s.minute, y: line.of(s) }))) }));

      const [rss, heap, modelRss] = series.map((line) => line.trend) as [Trend, Trend, Trend];
      const flat = [rss, heap].every((t) => verdict(t) !== 'grows');
      console.log(
        `verdict: Rumbo's memory ${flat ? 'shows no growth beyond noise' : 'GROWS beyond noise'} over minutes ${WARM_UP_MINUTES}–${MINUTES}: RSS ${signed(rss.slope)} ± ${mb(rss.noise)} MB/min, heap used ${signed(heap.slope)} ± ${mb(heap.noise)} MB/min (model server, same streams: RSS ${signed(modelRss.slope)} ± ${mb(modelRss.noise)} MB/min); ${answers} answers, ${errors} errors`,
      );
      const first = settled[0];
      const last = settled[settled.length - 1];
      return series.map((line) => ({
        process: line.process,
        memory: line.memory,
        [`minute ${WARM_UP_MINUTES} MB`]: first ? mb(line.of(first)) : '—',
        [`minute ${MINUTES} MB`]: last ? mb(line.of(last)) : '—',
        'slope MB/min': signed(line.trend.slope),
        'noise ± MB/min': mb(line.trend.noise),
        verdict: verdict(line.trend),
      }));
    } finally {
      for (const p of processes.reverse()) await p.stop();
      fs.rmSync(work, { recursive: true, force: true });
      await database.drop();
    }
  },
};

export default bench;

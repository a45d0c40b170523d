import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LatestResearch, ResearchReport } from '@rumbo/contract';
import { startFakeSearch } from '../apps/api/src/test/fakes/search.ts';
import { startFakeWebPages } from '../apps/api/src/test/fakes/web-pages.ts';
import { startNodeFlags } from '../apps/api/src/test/server-process.ts';
import { benchDatabase, openChats, streamAnswers } from './lib/chat-load.ts';
import { REPO_ROOT, type RunningProcess, startProcess } from './lib/processes.ts';
import { BENCH_IDEA, type BenchUser, benchUser, call, freePort, startRumbo } from './lib/rumbo-api.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * What market research costs (docs/decisions/0037): first, a `web` run's wall time and tokens against the
 * fake model, search engine and pages, side by side with the pipeline before ADR 0037 (the commit
 * RESEARCH_BENCH_BASELINE, run from a copy of its API); then the time to first byte of 200 concurrent chat
 * streams with no research running and with 20 web research runs working at the same time, two such pairs
 * in the same run (each research step answered after BENCH_RESEARCH_STEP_MS).
 */
const CONCURRENCY = Number(process.env.RESEARCH_BENCH_STREAMS ?? 200);
const RUNS = 20;
const USERS = 10;
const STEP_MS = 600;
/** The runs each pipeline makes for the side-by-side cost (one at a time). */
const COST_RUNS = 3;
const COST_STEP_MS = 50;
/** The last commit of the pipeline before ADR 0037 (one step runner, the check against sources, depth). */
const BASELINE = process.env.RESEARCH_BENCH_BASELINE ?? '38b7d88';

const FILLER =
  '<p>La asociación recuerda que sus datos se actualizan cada año y que pueden consultarse en su sede.</p>'.repeat(
    30,
  );
/** The web the runs read: a page whose figures are past its first 2,400 characters, prices, procedures. */
const PAGES = {
  '/sector': `<html><head><title>El café en cifras</title></head><body><article>${FILLER}<p>El consumo de café de especialidad creció un 12 % en 2025 y ya hay más de 800 cafeterías de especialidad en España.</p></article></body></html>`,
  '/precios': `<html><head><title>Precios del café</title></head><body><article><p>${'El precio medio de un café con leche de especialidad es de 2,60 euros, frente a 1,80 euros en una cafetería tradicional, según la asociación del sector. '.repeat(3)}</p></article></body></html>`,
  '/tramites': `<html><head><title>Abrir una cafetería</title></head><body><article><p>${'Para abrir una cafetería hace falta una licencia de actividad o una declaración responsable del ayuntamiento, el alta en Hacienda y en la Seguridad Social. '.repeat(3)}</p></article></body></html>`,
};

/** The search engine and pages every run reads, on loopback (the app reads them with RESEARCH_ALLOW_LOOPBACK). */
async function fakeWeb() {
  const pages = await startFakeWebPages({
    pages: Object.fromEntries(Object.entries(PAGES).map(([p, html]) => [p, { html }])),
  });
  const search = await startFakeSearch({
    flavor: 'searxng',
    results: (query) =>
      Object.keys(PAGES).map((p) => ({ url: `${pages.url}${p}`, title: p, snippet: query })),
  });
  return {
    env: { SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: search.url, RESEARCH_ALLOW_LOOPBACK: 'true' },
    close: async () => {
      await search.close();
      await pages.close();
    },
  };
}

/**
 * The baseline's API, copied out of git with the packages of its own lockfile (this checkout's no longer
 * hold all of them: the document readers' worker pool went with ADR 0024). Kept in the temporary folder
 * under the commit's name, so only the first run of the bench installs them (about a minute).
 */
function baselineTree(): string {
  const commit = execFileSync('git', ['-C', REPO_ROOT, 'rev-parse', '--short=12', BASELINE])
    .toString()
    .trim();
  const dir = path.join(os.tmpdir(), `rumbo-research-baseline-${commit}`);
  if (fs.existsSync(path.join(dir, 'node_modules', '.package-lock.json'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  const archive = execFileSync(
    'git',
    [
      '-C',
      REPO_ROOT,
      'archive',
      commit,
      'apps',
      'packages',
      'e2e/package.json',
      'package.json',
      'package-lock.json',
      'tsconfig.base.json',
    ],
    { maxBuffer: 512 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  console.log(`installing the packages of ${commit} in ${dir} (once)`);
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  return dir;
}

/** One pipeline's runs, one at a time: each run's wall time, tokens, sources and checked claims. */
async function costOf(
  label: string,
  tag: string,
  root: string,
  modelUrl: string,
  web: Record<string, string>,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-research-cost-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await startProcess(
    path.join(root, 'apps/api/src/main.ts'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: modelUrl,
      AI_MODEL: 'bench-model',
      WRITE_LIMIT_MULTIPLIER: '1000',
      ...web,
    },
    ['--api-only'],
    [],
    startNodeFlags(),
  );
  const runs: ResearchReport[] = [];
  try {
    for (let n = 0; n < COST_RUNS; n++) {
      const user = await benchUser(base, `${tag}${n}`);
      const [state] = await settled(base, [[user, user.businessId]]);
      runs.push(
        (await (
          await call(base, 'GET', `/api/researches/${state?.research?.id}`, user.cookie)
        ).json()) as ResearchReport,
      );
    }
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const supported = runs.map((r) => r.review?.supported);
  return {
    phase: `${label}: ${COST_RUNS} web runs, one at a time (${runs.map((r) => r.status).join(', ')})`,
    'wall s (median)': (median(runs.map((r) => r.duration_ms ?? 0)) / 1000).toFixed(1),
    'tokens (median)': median(runs.map((r) => r.tokens_used)),
    sources: median(runs.map((r) => r.sources.length)),
    sections: median(runs.map((r) => r.sections.length)),
    "'fuente' checked":
      supported[0] === undefined
        ? 'no check'
        : `${median(supported.map(Number))} supported, ${median(runs.map((r) => r.review.downgraded))} downgraded`,
  };
}

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
  description: `A web run's wall time and tokens against the fakes (each step ${COST_STEP_MS} ms), this pipeline beside the one before ADR 0037 (${BASELINE}); then chat time to first byte at ${CONCURRENCY} streams with no research running and with ${RUNS} web research runs working (each step ${STEP_MS} ms), two such pairs in the same run.`,
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-research-'));
    const database = await benchDatabase();
    console.log(`database: ${database.url ? 'PostgreSQL' : 'PGlite'} (the side-by-side runs use PGlite)`);
    const processes: RunningProcess[] = [];
    const rows: Record<string, string | number>[] = [];
    const web = await fakeWeb();
    const baseline = baselineTree();
    try {
      const costModel = await startProcess('bench/fake-model-server.ts', {
        BENCH_RESEARCH_STEP_MS: String(COST_STEP_MS),
      });
      try {
        rows.push(await costOf(`before ADR 0037 (${BASELINE})`, 'before', baseline, costModel.url, web.env));
        rows.push(await costOf('this pipeline', 'now', REPO_ROOT, costModel.url, web.env));
      } finally {
        await costModel.stop();
      }

      const model = await startProcess('bench/fake-model-server.ts', {
        BENCH_RESEARCH_STEP_MS: String(STEP_MS),
      });
      processes.push(model);
      // All 20 runs work at once: the worst case for the chat.
      const rumbo = await startRumbo(model.url, dataDir, database.url, {
        RESEARCH_CONCURRENCY: String(RUNS),
        ...web.env,
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
      // Each phase in new chats: in the same ones, every phase would read a longer history than the one
      // before it, and the phase with research (always second in its pair) would pay for that too.
      const streams = async () => streamAnswers(CONCURRENCY, await openChats(base, users, CONCURRENCY));

      // A whole first phase warms the server up (its errors and times are not counted). Then two pairs, each
      // a phase with no research and one with twenty runs just started (two new businesses per user), the
      // runs of the first pair ended before the second: the p99 of 800 streams moves by more than the bound
      // from one phase to the next on its own, so one pair alone can neither show nor refute it.
      const warmUp = await streams();
      const started: Array<[BenchUser, number]> = [];
      for (const pair of [1, 2]) {
        // The plan allows three businesses: each pair's runs belong to founders of their own, whose first
        // business's run ends before the quiet phase.
        const founders: BenchUser[] = [];
        for (let n = 0; n < USERS; n++) founders.push(await benchUser(base, `r${pair}-${n}`));
        await settled(base, [...started, ...founders.map((f): [BenchUser, number] => [f, f.businessId])]);
        const quiet = await streams();
        const runs: Array<[BenchUser, number]> = [];
        for (const user of founders) {
          for (let n = 0; n < RUNS / USERS; n++) {
            const business = (await (
              await call(base, 'POST', '/api/businesses/ideas', user.cookie, {
                ...BENCH_IDEA,
                name: `Cafetería ${started.length + runs.length}`,
              })
            ).json()) as { id: number };
            runs.push([user, business.id]);
          }
        }
        started.push(...runs);
        const busy = await streams();
        const working = (await Promise.all(runs.map(([user, id]) => latest(base, user, id)))).filter(
          (s) => s.research?.status === 'running' || s.research?.status === 'pending',
        ).length;
        rows.push(
          {
            phase: `pair ${pair}: no research running${pair === 1 ? ` (after a warm-up phase with ${warmUp.errors} errors)` : ''}`,
            streams: quiet.count + quiet.errors,
            'p50 ms': quiet.p50.toFixed(1),
            'p99 ms': quiet.p99.toFixed(1),
            errors: quiet.errors,
          },
          {
            phase: `pair ${pair}: ${RUNS} research runs working (${working} still at the end)`,
            streams: busy.count + busy.errors,
            'p50 ms': busy.p50.toFixed(1),
            'p99 ms': busy.p99.toFixed(1),
            errors: busy.errors,
            'added p50 ms': (busy.p50 - quiet.p50).toFixed(1),
            'added p99 ms': (busy.p99 - quiet.p99).toFixed(1),
          },
        );
      }

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
      await web.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
    return rows;
  },
};

export default bench;

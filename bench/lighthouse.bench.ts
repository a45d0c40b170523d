import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { type RunningProcess, startBuiltApi } from './lib/processes.ts';
import { type BenchUser, benchUser } from './lib/rumbo-api.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * Lighthouse 12 (its default: the mobile preset, simulated 4G and a 4× slower CPU) on the production build
 * served as `npm start` serves it: `/login`, `/register` and a signed-in chat screen. Prints the four
 * scores with LCP, TBT and CLS, and every audit that cost points. Reports, never fails. Chromium is the
 * system's (CHROMIUM_PATH, else /usr/bin/chromium), started with its background networking off: nothing
 * is downloaded while it runs. The signed-in page gets the session as browser cookies (Lighthouse's
 * `extraHeaders` Cookie did not reach the app's fetch of the session, so that page was measured as the
 * login), and the bench checks that the audited page did not show the login.
 */
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 4412);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The issue's targets; the chat screen's is performance only. */
const PUBLIC_TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const CHAT_TARGETS = { performance: 90 };
const LCP_TARGET_MS = 2500;
/**
 * BENCH_LIGHTHOUSE_RUNS=n audits each page n times and reports its median run, chosen as Lighthouse's own
 * CLI chooses it (closest to the median first paint and time to interactive): on this machine one run of
 * the chat screen scored anywhere from 61 to 80 with the same build. A run that Lighthouse could not
 * record even when run again is left out of the choice.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));

interface Page {
  name: string;
  path: string;
  targets: Partial<Record<(typeof CATEGORIES)[number], number>>;
  cookies?: BenchUser['cookies'];
}

async function audit(url: string, browser: Browser, cookies: BenchUser['cookies'] = []) {
  const page = await browser.newPage();
  await browser.deleteCookie(...(await browser.cookies()));
  if (cookies.length)
    await browser.setCookie(
      ...cookies.map(({ name, value }) => ({
        name,
        value,
        domain: new URL(url).hostname,
        path: '/',
      })),
    );
  const result = await lighthouse(
    url,
    { logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] },
    undefined,
    page,
  );
  await page.close();
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // BENCH_LIGHTHOUSE_REPORTS=<dir>: each page's full report (JSON, for Lighthouse's viewer) goes there.
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    fs.mkdirSync(reports, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
    fs.writeFileSync(path.join(reports, `${name}.json`), result.report as string);
  }
  return result.lhr;
}

/**
 * Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART, seen on a busy machine), scores
 * that page 0 and asks to be run again: it is, up to twice, saying so, so that a failed recording is never
 * read as the page's score.
 */
async function auditUntilRecorded(url: string, browser: Browser, cookies: BenchUser['cookies'] = []) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await audit(url, browser, cookies);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.log(`${new URL(url).pathname}: Lighthouse failed (${lhr.runtimeError.code}), running it again`);
  }
}

function requested(lhr: Result, pathname: string): boolean {
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string }> } | undefined)
    ?.items;
  return (items ?? []).some((item) => new URL(item.url).pathname === pathname);
}

export default {
  name: 'lighthouse',
  description:
    'Lighthouse 12, mobile preset (simulated 4G, 4× CPU), on the built app: /login, /register and a signed-in chat',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-lighthouse-'));
    const base = `http://127.0.0.1:${PORT}`;
    let rumbo: RunningProcess | undefined;
    let chrome: chromeLauncher.LaunchedChrome | undefined;
    let browser: Browser | undefined;
    try {
      rumbo = await startBuiltApi({
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        AI_PROVIDER: 'demo',
      });
      const user = await benchUser(base, 'lighthouse');
      const pages: Page[] = [
        { name: '/login', path: '/login', targets: PUBLIC_TARGETS },
        { name: '/register', path: '/register', targets: PUBLIC_TARGETS },
        {
          name: 'chat (signed in)',
          path: `/chat/idea/${user.businessId}`,
          targets: CHAT_TARGETS,
          cookies: user.cookies,
        },
      ];
      chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${chrome.port}`,
      });
      const rows: Record<string, string | number>[] = [];
      for (const page of pages) {
        const runs: Result[] = [];
        for (let run = 0; run < RUNS; run++) {
          runs.push(await auditUntilRecorded(`${base}${page.path}`, browser, page.cookies));
        }
        const recorded = filterToValidRuns(runs) as Result[];
        const lhr = recorded.length > 0 ? (computeMedianRun(recorded) as Result) : (runs[0] as Result);
        if (runs.length > 1) {
          const scores = runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
          console.log(
            `${page.name}: performance in ${runs.length} runs ${scores.join(', ')}; the median run follows`,
          );
        }
        // Only a signed-in root loads the product user: without that call the page showed the login.
        if (page.cookies && !requested(lhr, '/api/users/me')) {
          throw new Error(`${page.name} showed the login: the session cookies did not reach the app`);
        }
        const score = (category: (typeof CATEGORIES)[number]) =>
          Math.round((lhr.categories[category]?.score ?? 0) * 100);
        const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
        const lcp = ms('largest-contentful-paint');
        const misses = Object.entries(page.targets)
          .filter(([category, target]) => score(category as (typeof CATEGORIES)[number]) < target)
          .map(([category]) => category);
        if (lcp > LCP_TARGET_MS) misses.push('LCP');
        rows.push({
          page: page.name,
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best practices': score('best-practices'),
          SEO: score('seo'),
          'LCP ms': lcp,
          'FCP ms': ms('first-contentful-paint'),
          'TBT ms': ms('total-blocking-time'),
          CLS: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
          // Lighthouse's yardstick of this machine's CPU at the time (a quiet desktop scores 1,000 to 2,000).
          'CPU index': Math.round(lhr.environment.benchmarkIndex),
          verdict: misses.length === 0 ? 'on target' : `BELOW TARGET: ${misses.join(', ')}`,
        });
        const lost = CATEGORIES.flatMap((category) =>
          (lhr.categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id])
            .filter((a) => a && a.score !== null && a.score < 1)
            .map((a) => `${category}: ${a?.id} (${a?.displayValue ?? a?.score})`),
        );
        console.log(
          `${page.name}: ${lost.length ? `points lost on ${lost.join('; ')}` : 'no audit lost points'}`,
        );
      }
      return rows;
    } finally {
      await browser?.disconnect();
      await chrome?.kill();
      await rumbo?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
} satisfies Benchmark;

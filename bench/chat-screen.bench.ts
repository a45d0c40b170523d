import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { REPO_ROOT, type RunningProcess, startApi } from './lib/processes.ts';
import { collectJs, kb, printFiles, sumGzip, verdict } from './lib/route-js.ts';
import { benchUser, call, freePort } from './lib/rumbo-api.ts';
import { newContext, timeFullLoad, timeThreadClick } from './lib/thread-timing.ts';
import type { Benchmark } from './lib/types.ts';

/**
 * The web app's performance budget, measured on the production build served by Rumbo and loaded in
 * headless Chromium: the JavaScript (gzip) the login route and the chat route load, and how long a
 * chat of 2,000 messages takes to show its latest message. Reports, never fails: an exceeded budget
 * is printed as OVER BUDGET.
 */
const LOGIN_JS_BUDGET_KB = 150;
const CHAT_JS_BUDGET_KB = 350;
const LATEST_VISIBLE_BUDGET_MS = 500;
/** 1,000 sends: each stores the question and the (fixed, not configured) answer. */
const SENDS = 1000;
const SEND_CONCURRENCY = 8;
const CLICK_REPETITIONS = 5;
const FULL_LOAD_REPETITIONS = 3;
/** The root shows its content 1 s after the page starts (product.md §2.2; apps/web/src/app/startup-delay.ts). */
const STARTUP_DELAY_MS = 1000;
const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** `npm run build`: the bench measures the current production build. */
function build() {
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error('npm run build failed (see the output above)');
  }
  console.log(`production build: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Every third question is several paragraphs with a list and bold text; the rest one line. */
function question(n: number): string {
  if (n % 3 !== 0) return `Pregunta ${n}: ¿cómo subo las ventas de la mañana en el mes ${(n % 12) + 1}?`;
  return [
    `Pregunta ${n}: estoy preparando el plan del trimestre y tengo **tres ideas** para atraer clientes.`,
    '',
    '- Un programa de fidelización con tarjeta sellada',
    '- Catas de café de origen los sábados por la mañana',
    '- Descuentos para oficinas cercanas con pedido semanal',
    '',
    '¿Por cuál empezarías y cómo mido si funciona en las primeras **cuatro semanas**?',
  ].join('\n');
}

/** One chat of 2 × SENDS messages (question + stored answer each), SEND_CONCURRENCY sends at a time. */
async function fillChat(base: string, cookie: string, businessId: number) {
  const chat = (await (await call(base, 'POST', `/api/businesses/${businessId}/chats`, cookie)).json()) as {
    id: number;
  };
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SEND_CONCURRENCY }, async () => {
      while (next < SENDS) {
        const n = next++;
        await call(base, 'POST', `/api/businesses/${businessId}/chats/${chat.id}/messages`, cookie, {
          content: question(n),
          client_message_id: `bench-screen-${n}`,
        });
      }
    }),
  );
  const read = (await (
    await call(base, 'GET', `/api/businesses/${businessId}/chats/${chat.id}`, cookie)
  ).json()) as { chat: { title: string }; messages: Array<{ id: number; sender: string }> };
  const last = read.messages.reduce((a, b) => (b.id > a.id ? b : a));
  console.log(
    `chat ${chat.id} (“${read.chat.title}”): ${read.messages.length} messages in ${(
      (performance.now() - started) / 1000
    ).toFixed(1)} s; latest ${last.sender} #${last.id}`,
  );
  return { chatId: chat.id, count: read.messages.length, lastId: last.id };
}

/** Page errors, console errors and failed requests of `page`, as problems. */
function watch(page: Page, label: string, problems: string[]) {
  page.on('pageerror', (error) => problems.push(`${label}: page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${label}: console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    // 401 from the session endpoints is how a signed-out visit looks.
    if (response.status() >= 400 && response.status() !== 401) {
      problems.push(
        `${label}: ${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
    }
  });
}

/** Waits for `locator`; if it never shows, records what the page shows instead and returns false. */
async function shows(page: Page, locator: Locator, what: string, problems: string[]): Promise<boolean> {
  try {
    await locator.waitFor({ timeout: 30_000 });
    return true;
  } catch {
    const text = ((await page.evaluate('document.body.innerText').catch(() => '')) as string)
      .replace(/\s+/g, ' ')
      .slice(0, 200);
    problems.push(`${what} did not appear within 30 s at ${page.url()}; the page shows: “${text}”`);
    return false;
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function measure(base: string, browser: Browser, problems: string[]) {
  const rows: Record<string, string | number>[] = [];
  const row = (metric: string, value: number, unit: 'KB' | 'ms', budget?: number, note = '') =>
    rows.push({
      metric,
      value: `${value.toFixed(unit === 'KB' ? 1 : 0)} ${unit}`,
      budget: budget === undefined ? '—' : `≤ ${budget} ${unit}`,
      result: budget === undefined ? '—' : verdict(value, budget),
      note,
    });

  // 1. The login route, signed out, cold cache.
  let context: BrowserContext = await newContext(browser);
  let page = await context.newPage();
  let js = collectJs(page);
  watch(page, 'login route', problems);
  await page.goto(`${base}/`);
  const loginShown = await shows(
    page,
    page.getByRole('button', { name: 'Iniciar sesión', exact: true }).first(),
    'login route: the login form',
    problems,
  );
  await page.waitForLoadState('networkidle');
  const loginFiles = await js.settle();
  await context.close();
  const loginKb = kb(sumGzip(loginFiles));
  row(
    'login route JS (gzip)',
    loginKb,
    'KB',
    LOGIN_JS_BUDGET_KB,
    `${loginFiles.length} files${loginShown ? '' : '; THE LOGIN FORM NEVER APPEARED'}`,
  );

  // 2. A user whose business has one chat of 2,000 messages.
  const user = await benchUser(base, 'chat');
  const thread = await fillChat(base, user.cookie, user.businessId);
  const screenUrl = `${base}/chat/idea/${user.businessId}`;

  // 3. The chat route, signed in, cold cache: a new empty chat with the input.
  context = await newContext(browser, user.cookies);
  page = await context.newPage();
  js = collectJs(page);
  watch(page, 'chat route', problems);
  await page.goto(screenUrl);
  const chatShown = await shows(
    page,
    page.getByRole('textbox', { name: 'Mensaje' }),
    'chat route: the message input',
    problems,
  );
  await page.waitForLoadState('networkidle');
  const chatFiles = [...(await js.settle())];
  const chatKb = kb(sumGzip(chatFiles));
  row(
    'chat route JS (gzip)',
    chatKb,
    'KB',
    CHAT_JS_BUDGET_KB,
    `${chatFiles.length} files, new empty chat${chatShown ? '' : '; THE CHAT SCREEN NEVER APPEARED'}`,
  );
  if (!chatShown) {
    await context.close();
    printFiles('login route', loginFiles);
    printFiles('chat route', chatFiles);
    return rows;
  }

  // 4. In the loaded screen: click the thread, time until its latest message is visible.
  const clicks: number[] = [];
  let firstClick = Number.NaN;
  for (let i = 0; i < CLICK_REPETITIONS; i++) {
    const result = await timeThreadClick(page, thread.lastId, 20_000);
    if (result.error || result.ms === undefined) {
      problems.push(`thread click ${i + 1}: ${result.error}`);
      break;
    }
    if (result.lastRendered !== String(thread.lastId)) {
      problems.push(
        `thread click ${i + 1}: the latest message #${thread.lastId} is visible but the last one rendered is #${result.lastRendered}`,
      );
    }
    if (i === 0) {
      firstClick = result.ms;
      console.log(`thread opened: ${result.rendered} of ${thread.count} messages rendered`);
    }
    clicks.push(result.ms);
    // Leave the thread: 'Nuevo chat' in the sidebar, then wait for the empty state.
    await page
      .locator('nav[aria-label="Historial de chats"]')
      .getByRole('button', { name: 'Nuevo chat' })
      .first()
      .click();
    await page.locator('[data-message-id]').first().waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForTimeout(300);
  }
  await page.waitForLoadState('networkidle');
  const afterThread = await js.settle();
  await context.close();
  if (clicks.length > 0) {
    row(
      `${thread.count}-message thread: click → latest visible, median of ${clicks.length}`,
      median(clicks),
      'ms',
      LATEST_VISIBLE_BUDGET_MS,
      `first ${firstClick.toFixed(0)} ms (fetch + render), runs ${clicks.map((ms) => ms.toFixed(0)).join(' / ')}`,
    );
    row(
      `${thread.count}-message thread: click → latest visible, max`,
      Math.max(...clicks),
      'ms',
      LATEST_VISIBLE_BUDGET_MS,
    );
  }
  if (afterThread.length > chatFiles.length) {
    const extra = afterThread.slice(chatFiles.length);
    row(
      'chat route JS after opening the thread (gzip)',
      kb(sumGzip(afterThread)),
      'KB',
      CHAT_JS_BUDGET_KB,
      `+${extra.length} files loaded on demand: ${extra.map((f) => path.basename(new URL(f.url).pathname)).join(', ')}`,
    );
  }

  // 5. A full page load of the thread (includes the root's deliberate 1 s start delay).
  const loads: number[] = [];
  for (let i = 0; i < FULL_LOAD_REPETITIONS; i++) {
    try {
      loads.push(
        await timeFullLoad(browser, user.cookies, `${screenUrl}?chat=${thread.chatId}`, thread.lastId),
      );
    } catch (error) {
      problems.push(`full load ${i + 1}: ${(error as Error).message.split('\n')[0]}`);
      break;
    }
  }
  if (loads.length > 0) {
    row(
      `${thread.count}-message thread: full page load → latest visible, median of ${loads.length}`,
      median(loads),
      'ms',
      undefined,
      `cold cache; includes the root's ${STARTUP_DELAY_MS} ms start delay (product.md §2.2), so ${(median(loads) - STARTUP_DELAY_MS).toFixed(0)} ms after it; runs ${loads.map((ms) => ms.toFixed(0)).join(' / ')}`,
    );
  }

  printFiles('login route', loginFiles);
  printFiles('chat route', chatFiles);
  return rows;
}

const bench: Benchmark = {
  name: 'chat-screen',
  description:
    'Performance budget of the production build in headless Chromium: JavaScript (gzip) loaded by the login route (≤ 150 KB) and the chat route (≤ 350 KB), and a 2,000-message chat showing its latest message within 500 ms of navigation.',
  async run() {
    build();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-screen-'));
    let rumbo: RunningProcess | undefined;
    let browser: Browser | undefined;
    const problems: string[] = [];
    try {
      const port = await freePort();
      // No AI_PROVIDER (and no model in the fresh DATA_DIR): every answer is the fixed 'not configured' text.
      rumbo = await startApi({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        AI_PROVIDER: '',
        LOG_LEVEL: 'info',
        // One user sends the 1,000 questions of the long thread in seconds.
        WRITE_LIMIT_MULTIPLIER: '1000',
      });
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
      return await measure(`http://127.0.0.1:${port}`, browser, problems);
    } finally {
      if (problems.length > 0) {
        console.log('\nproblems:');
        for (const problem of [...new Set(problems)]) console.log(`  - ${problem}`);
      }
      await browser?.close();
      await rumbo?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default bench;

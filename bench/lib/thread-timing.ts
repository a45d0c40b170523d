import type { Browser, Page } from 'playwright-core';

const THREAD_BUTTON = 'nav[aria-label="Historial de chats"] ul button';

export async function newContext(browser: Browser, cookies?: { name: string; value: string; url: string }[]) {
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  if (cookies) await context.addCookies(cookies);
  return context;
}

/** Whether `[data-message-id=id]` is laid out inside the window and its scrolling container. */
const VISIBLE_SOURCE = `(id) => {
  const el = document.querySelector('[data-message-id="' + id + '"]');
  if (!el || !el.textContent || el.textContent.trim() === '') return false;
  const r = el.getBoundingClientRect();
  if (r.height === 0 || r.bottom <= 0 || r.top >= innerHeight) return false;
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowY === 'auto' || s.overflowY === 'scroll') {
      const pr = p.getBoundingClientRect();
      if (r.bottom <= pr.top || r.top >= pr.bottom) return false;
    }
  }
  return true;
}`;

/**
 * In the page (plain JavaScript: the bench compiles without the DOM types): clicks the thread in the
 * sidebar and times, with performance.now() checked every animation frame, until its latest message
 * is visible. Also says how many messages are rendered and which one is last.
 */
const CLICK_SOURCE = `async ({ lastId, selector, timeoutMs }) => {
  const visible = ${VISIBLE_SOURCE};
  const button = document.querySelector(selector);
  if (!button) return { error: 'no thread button (' + selector + ')' };
  const rendered = () => {
    const all = document.querySelectorAll('[data-message-id]');
    return { rendered: all.length, lastRendered: all[all.length - 1]?.getAttribute('data-message-id') ?? null };
  };
  const started = performance.now();
  button.click();
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      if (visible(lastId)) resolve({ ms: now - started, ...rendered() });
      else if (now - started > timeoutMs) {
        const r = rendered();
        resolve({ error: 'latest message not visible after ' + timeoutMs + ' ms (' + r.rendered + ' messages rendered, last ' + r.lastRendered + ')' });
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}`;

/** Before the page's own scripts: records when the latest message is first visible. */
const FULL_LOAD_SOURCE = `(lastId) => {
  const visible = ${VISIBLE_SOURCE};
  const check = () => {
    if (visible(lastId)) window.__latestVisibleAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}`;

interface ClickResult {
  ms?: number;
  error?: string;
  rendered?: number;
  lastRendered?: string | null;
}

export async function timeThreadClick(page: Page, lastId: number, timeoutMs: number): Promise<ClickResult> {
  const args = JSON.stringify({ lastId, selector: THREAD_BUTTON, timeoutMs });
  return (await page.evaluate(`(${CLICK_SOURCE})(${args})`)) as ClickResult;
}

/** A full page load of the thread: ms from navigation start until its latest message is visible. */
export async function timeFullLoad(
  browser: Browser,
  cookies: { name: string; value: string; url: string }[],
  url: string,
  lastId: number,
) {
  const context = await newContext(browser, cookies);
  try {
    const page = await context.newPage();
    await page.addInitScript(`(${FULL_LOAD_SOURCE})(${lastId})`);
    await page.goto(url);
    const handle = await page.waitForFunction(
      () => (globalThis as { __latestVisibleAt?: number }).__latestVisibleAt,
      undefined,
      { timeout: 30_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_MAX_BACKOFF_MS,
  ANALYTICS_REQUEST_TIMEOUT_MS,
  PAGE_VIEW_EVENT,
} from '@rumbo/contract';
import { pageViewProperties } from './page-view.ts';
import { landing, rememberVisit, sessionId, startNewSession, trackingRefused } from './visit.ts';

/**
 * The first-party analytics client (ADR 0017): events go to our own API, same origin, in batches
 * (product.md §9: 50 events, every 5 s, retries backing off up to 10 minutes) and by `sendBeacon` (or a
 * keepalive request) when the page hides. The visit starts at boot, before React renders (ADR 0030): its
 * campaign is read and its first page view queued at once, so that a visit that leaves within a moment
 * is still counted. Nothing here may break or slow a screen: every failure is swallowed, the queue is
 * bounded, and with Do Not Track on nothing is queued at all. It lives in `src/lib` because every
 * feature reports events and features do not import each other.
 */

export const ANALYTICS_ENDPOINT = '/api/analytics/events';

type Value = string | number | boolean | null | string[];
export type EventProperties = Record<string, Value | undefined>;

interface QueuedEvent {
  name: string;
  properties: Record<string, Value>;
  path: string;
  time: number;
}

/** Events kept while the endpoint is down; the oldest go first past this. */
const MAX_QUEUED = 500;

let queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let sending = false;
let backoffMs = 0;
let retryAt = 0;
let listening = false;
/**
 * The page view queued at boot for the address, until the first screen says which page it shows (the
 * login in place of a private page, for one): that screen's view replaces it while it waits to be sent.
 */
let bootView: QueuedEvent | undefined;
let awaitingFirstScreen = false;

function payload(events: QueuedEvent[]) {
  const { referrer, ...campaign } = landing();
  return JSON.stringify({
    session_id: sessionId(),
    events,
    context: { ...(referrer ? { referrer } : {}), ...campaign },
  });
}

function schedule(): void {
  if (timer !== undefined) return;
  const delay = Math.max(ANALYTICS_FLUSH_INTERVAL_MS, retryAt - Date.now());
  timer = setTimeout(() => {
    timer = undefined;
    void flush();
  }, delay);
}

/** Sends one batch now (the timer does this every 5 s); a failure backs off and keeps the events. */
export async function flush(): Promise<void> {
  if (sending || queue.length === 0) return;
  if (Date.now() < retryAt) return schedule();
  const batch = queue.slice(0, ANALYTICS_BATCH_SIZE);
  sending = true;
  try {
    const response = await fetch(ANALYTICS_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload(batch),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(ANALYTICS_REQUEST_TIMEOUT_MS),
    });
    // A refusal other than "too many" or "try later" will not change: those events are dropped.
    const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
    if (!response.ok && retryable) throw new Error(`analytics ${response.status}`);
    queue = queue.slice(batch.length);
    backoffMs = 0;
    retryAt = 0;
  } catch {
    backoffMs = Math.min(backoffMs ? backoffMs * 2 : ANALYTICS_FLUSH_INTERVAL_MS, ANALYTICS_MAX_BACKOFF_MS);
    retryAt = Date.now() + backoffMs;
  } finally {
    sending = false;
  }
  if (queue.length > 0) schedule();
}

/** Hands a batch to the browser to deliver after the page has gone: a beacon, else a keepalive request. */
function sendOnExit(body: string): boolean {
  // text/plain keeps the request a simple one; the API reads the body as JSON whatever its type.
  const type = 'text/plain;charset=UTF-8';
  if (
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(ANALYTICS_ENDPOINT, new Blob([body], { type }))
  )
    return true;
  if (typeof fetch !== 'function') return false;
  fetch(ANALYTICS_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {
    // Nothing more can be done for a page that is going away.
  });
  return true;
}

/** The page is going away (or hidden, and may never come back): what is queued leaves now. */
function flushOnExit(): void {
  while (queue.length > 0) {
    const batch = queue.slice(0, ANALYTICS_BATCH_SIZE);
    if (!sendOnExit(payload(batch))) return;
    queue = queue.slice(batch.length);
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnExit();
    // The tab in front is the one that will sign in: the visit cookie names its session.
    else rememberVisit();
  });
  window.addEventListener('pagehide', flushOnExit);
}

function enqueue(name: string, properties: EventProperties): QueuedEvent {
  const defined = Object.fromEntries(
    Object.entries(properties).filter((entry): entry is [string, Value] => entry[1] !== undefined),
  );
  const event = { name, properties: defined, path: window.location.pathname, time: Date.now() };
  queue.push(event);
  if (queue.length > MAX_QUEUED) queue = queue.slice(queue.length - MAX_QUEUED);
  if (queue.length >= ANALYTICS_BATCH_SIZE) void flush();
  else schedule();
  return event;
}

/** Queues an event; it leaves with the next batch. Never throws. */
export function track(name: string, properties: EventProperties = {}): void {
  try {
    if (trackingRefused()) return;
    listen();
    // The campaign is read from the address the event happened on, before a navigation drops it.
    landing();
    enqueue(name, properties);
  } catch {
    // Analytics must never break the screen that reports it.
  }
}

/**
 * Starts the visit, synchronously, before anything renders (main.tsx): the landing campaign is kept, the
 * visit cookie written, the exit listeners set, and the page view of the address queued. Never throws.
 */
export function startVisit(): void {
  try {
    rememberVisit();
    if (trackingRefused()) return;
    listen();
    bootView = enqueue(PAGE_VIEW_EVENT, pageViewProperties(window.location.pathname));
    awaitingFirstScreen = true;
  } catch {
    // As above.
  }
}

/**
 * Reports the page a screen shows (features/analytics PageView). The first screen of the visit names the
 * view queued at boot instead of adding one; if that view has already left (the tab was hidden before the
 * screen showed), the visit's first page is counted already. Never throws.
 */
export function trackPageView(path: string): void {
  try {
    if (!awaitingFirstScreen) {
      track(PAGE_VIEW_EVENT, pageViewProperties(path));
      return;
    }
    awaitingFirstScreen = false;
    if (bootView && queue.includes(bootView)) {
      bootView.properties = pageViewProperties(path);
      bootView.path = window.location.pathname;
    }
    bootView = undefined;
  } catch {
    // As above.
  }
}

/**
 * After a sign-out (product.md §4: logout resets the analytics identity): what was queued leaves now, under
 * the old session, and a new anonymous session begins.
 */
export function resetIdentity(): void {
  try {
    flushOnExit();
    startNewSession();
  } catch {
    // As above.
  }
}

/**
 * Tests only: forgets the queue and timers between cases.
 * @internal
 */
export function resetClientForTests(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  queue = [];
  sending = false;
  backoffMs = 0;
  retryAt = 0;
  bootView = undefined;
  awaitingFirstScreen = false;
}

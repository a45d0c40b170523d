import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_MAX_BACKOFF_MS,
  ANALYTICS_REQUEST_TIMEOUT_MS,
} from '@rumbo/contract';
import { landing, sessionId, startNewSession, trackingRefused } from './visit.ts';

/**
 * The first-party analytics client (ADR 0017): events go to our own API, same origin, in batches
 * (product.md §9: 50 events, every 5 s, retries backing off up to 10 minutes) and by `sendBeacon` when the
 * page hides. Nothing here may break or slow a screen: every failure is swallowed, the queue is
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

/** The page is going away: what is queued leaves by beacon, which the browser sends after unload. */
function flushByBeacon(): void {
  if (queue.length === 0 || typeof navigator.sendBeacon !== 'function') return;
  while (queue.length > 0) {
    const batch = queue.slice(0, ANALYTICS_BATCH_SIZE);
    // text/plain keeps the beacon a simple request; the API reads the body as JSON whatever its type.
    const body = new Blob([payload(batch)], { type: 'text/plain;charset=UTF-8' });
    if (!navigator.sendBeacon(ANALYTICS_ENDPOINT, body)) return;
    queue = queue.slice(batch.length);
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushByBeacon();
  });
  window.addEventListener('pagehide', flushByBeacon);
}

/** Queues an event; it leaves with the next batch. Never throws. */
export function track(name: string, properties: EventProperties = {}): void {
  try {
    if (trackingRefused()) return;
    listen();
    // The campaign is read from the address the event happened on, before a navigation drops it.
    landing();
    const defined = Object.fromEntries(
      Object.entries(properties).filter((entry): entry is [string, Value] => entry[1] !== undefined),
    );
    queue.push({ name, properties: defined, path: window.location.pathname, time: Date.now() });
    if (queue.length > MAX_QUEUED) queue = queue.slice(queue.length - MAX_QUEUED);
    if (queue.length >= ANALYTICS_BATCH_SIZE) void flush();
    else schedule();
  } catch {
    // Analytics must never break the screen that reports it.
  }
}

/**
 * After a sign-out (product.md §4: logout resets the analytics identity): what was queued leaves now, under
 * the old session, and a new anonymous session begins.
 */
export function resetIdentity(): void {
  try {
    flushByBeacon();
    startNewSession();
  } catch {
    // As above.
  }
}

/** Tests only: forgets the queue and timers between cases. */
export function resetClientForTests(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  queue = [];
  sending = false;
  backoffMs = 0;
  retryAt = 0;
}

import { ANALYTICS_BATCH_SIZE, ANALYTICS_MAX_BACKOFF_MS } from '@rumbo/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_ENDPOINT,
  flush,
  resetClientForTests,
  resetIdentity,
  startVisit,
  track,
  trackPageView,
} from './client.ts';
import { campaignOf, landing, sessionId } from './visit.ts';

interface SentBatch {
  session_id: string;
  events: Array<{ name: string; properties: Record<string, unknown>; path: string; time: number }>;
  context: Record<string, string>;
}

let fetchMock: ReturnType<typeof vi.fn>;
const sent = (): SentBatch[] =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as SentBatch);

function answerWith(status: number) {
  fetchMock.mockImplementation(async () => new Response(null, { status }));
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  resetClientForTests();
  window.history.replaceState(null, '', '/');
  fetchMock = vi.fn();
  answerWith(202);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  resetClientForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
});

describe('batching (product.md §9)', () => {
  it('sends what was tracked every 5 s, in one batch, to our own endpoint', async () => {
    track('Página vista', { name: 'Login' });
    track('Login');
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(ANALYTICS_ENDPOINT);
    const [batch] = sent();
    expect(batch?.events.map((event) => event.name)).toEqual(['Página vista', 'Login']);
    expect(batch?.session_id).toBe(sessionId());
    expect(batch?.events[0]).toMatchObject({ properties: { name: 'Login' }, path: '/' });
  });

  it('sends at once when 50 events are waiting, and the rest with the next batch', async () => {
    for (let i = 0; i < ANALYTICS_BATCH_SIZE + 3; i++) track('Página vista', { n: i });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()[0]?.events).toHaveLength(ANALYTICS_BATCH_SIZE);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent()[1]?.events.map((event) => event.properties.n)).toEqual([50, 51, 52]);
  });

  it('keeps the events while the endpoint fails, retrying with a backoff that doubles up to 10 minutes', async () => {
    answerWith(503);
    track('Login');
    const attemptsAt: number[] = [];
    fetchMock.mockImplementation(async () => {
      attemptsAt.push(Date.now());
      return new Response(null, { status: 503 });
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    const gaps = attemptsAt.map((at, i) => (i === 0 ? at - start : at - (attemptsAt[i - 1] ?? 0)));
    expect(gaps.slice(0, 8)).toEqual([5_000, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000]);
    expect(Math.max(...gaps)).toBe(ANALYTICS_MAX_BACKOFF_MS);
    // Back again: the same event is delivered, once.
    answerWith(202);
    await vi.advanceTimersByTimeAsync(ANALYTICS_MAX_BACKOFF_MS);
    const delivered = sent().at(-1);
    expect(delivered?.events.map((event) => event.name)).toEqual(['Login']);
    fetchMock.mockClear();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops a batch the server refuses as malformed instead of retrying it forever', async () => {
    answerWith(400);
    track('Login');
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never throws to the screen that tracks, even when the network is down', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(() => track('Login')).not.toThrow();
    await expect(flush()).resolves.toBeUndefined();
  });

  it('sends nothing at all with Do Not Track on', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    track('Login');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands what is queued to sendBeacon when the page hides', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: beacon }));
    track('Página vista', { name: 'Chat' });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe(ANALYTICS_ENDPOINT);
    const batch = JSON.parse(await body.text()) as SentBatch;
    expect(batch.events.map((event) => event.name)).toEqual(['Página vista']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts a new anonymous session after a sign-out', () => {
    const before = sessionId();
    resetIdentity();
    expect(sessionId()).not.toBe(before);
  });
});

describe('UTM capture (product.md §3)', () => {
  it('reads utm_source, utm_medium and utm_campaign from an address, trimmed, leaving out absent ones', () => {
    expect(campaignOf('?utm_source=instagram&utm_campaign=%20lanzamiento%20&x=1')).toEqual({
      utm_source: 'instagram',
      utm_campaign: 'lanzamiento',
    });
    expect(campaignOf('')).toEqual({});
    expect(campaignOf(`?utm_medium=${'m'.repeat(300)}`).utm_medium).toHaveLength(200);
  });

  it('keeps the landing campaign for the whole session and sends it with every batch', async () => {
    window.history.replaceState(null, '', '/?utm_source=instagram&utm_campaign=lanzamiento');
    track('Página vista', { name: 'Login' });
    window.history.replaceState(null, '', '/onboard');
    track('Página vista', { name: 'On Board' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent()[0]?.context).toEqual({ utm_source: 'instagram', utm_campaign: 'lanzamiento' });
    expect(landing()).toEqual({ utm_source: 'instagram', utm_campaign: 'lanzamiento' });
  });

  it('has no campaign for a visitor who came without one', () => {
    window.history.replaceState(null, '', '/chats');
    expect(landing()).toEqual({});
  });
});

describe('the visit, started at boot (ADR 0030)', () => {
  let written: string[];
  beforeEach(() => {
    written = [];
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const visitCookie = () => {
    const last = written.at(-1) ?? '';
    const [pair = '', ...attributes] = last.split('; ');
    const at = pair.indexOf('=');
    const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
    return { name, visit: Object.fromEntries(new URLSearchParams(value)), attributes };
  };

  it('queues the page view of the address with its campaign at once, and a page left 200 ms later still sends it', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: beacon }));
    window.history.replaceState(null, '', '/?utm_source=instagram');
    startVisit();
    await vi.advanceTimersByTimeAsync(200);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [, body] = beacon.mock.calls[0] as unknown as [string, Blob];
    const batch = JSON.parse(await body.text()) as SentBatch;
    expect(batch.context).toEqual({ utm_source: 'instagram' });
    expect(batch.events).toEqual([
      expect.objectContaining({
        name: 'Página vista',
        path: '/',
        properties: expect.objectContaining({ route: '/', name: 'Dashboard Home', utm_source: 'instagram' }),
      }),
    ]);
  });

  it("writes the session id and landing campaign into the auth routes' session cookie", () => {
    window.history.replaceState(null, '', '/?utm_source=instagram&utm_campaign=oto%C3%B1o%20%26%20m%C3%A1s');
    startVisit();
    expect(visitCookie()).toEqual({
      name: 'rumbo.visit',
      visit: { s: sessionId(), utm_source: 'instagram', utm_campaign: 'otoño & más' },
      attributes: ['Path=/api/auth', 'SameSite=Lax'],
    });
    // A sign-out starts a new session, and the cookie follows it.
    resetIdentity();
    expect(visitCookie().visit.s).toBe(sessionId());
  });

  it('lets the first screen name the boot view instead of adding one; later screens add theirs', async () => {
    startVisit();
    trackPageView('/login');
    window.history.replaceState(null, '', '/register');
    trackPageView('/register');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent()[0]?.events.map((event) => [event.path, event.properties.name])).toEqual([
      ['/', 'Login'],
      ['/register', 'Registro'],
    ]);
  });

  it('counts the first page once when the boot view left before the first screen showed', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: beacon }));
    startVisit();
    window.dispatchEvent(new Event('pagehide'));
    trackPageView('/login');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends with a keepalive request when the browser has no beacon', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: undefined }));
    startVisit();
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(ANALYTICS_ENDPOINT);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('with Do Not Track on, queues nothing and removes the visit cookie', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    startVisit();
    trackPageView('/login');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(written).toEqual(['rumbo.visit=; Path=/api/auth; SameSite=Lax; Max-Age=0']);
  });
});

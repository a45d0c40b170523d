import { ANALYTICS_BATCH_SIZE, type AnalyticsBatch } from '@rumbo/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, users } from '../../db/schema/index.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { MINIMAL_IDEA } from '../../test/chat-owner.ts';
import { deleteExpiredEvents } from './retention.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
async function newUser() {
  counter += 1;
  const email = `analitica${counter}@example.com`;
  const { cookie } = await signUp(t, { name: `Analítica ${counter}`, email, password: 'contraseña-segura' });
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie, email, id: row?.id ?? 0 };
}

const sessionId = () => `s${crypto.randomUUID().replaceAll('-', '')}`;

function postBatch(body: unknown, headers: Record<string, string> = {}) {
  return t.request('/api/analytics/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function eventsOf(session: string) {
  return t.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, session))
    .orderBy(analyticsEvents.id);
}

async function eventCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(analyticsEvents);
  return Number(row?.n ?? 0);
}

function pageView(path: string, name: string): NonNullable<AnalyticsBatch['events']>[number] {
  return { name: 'Página vista', path, properties: { route: path, name, page: path }, time: Date.now() };
}

describe('POST /api/analytics/events', () => {
  it('stores an anonymous batch with its session, UTM values, referring site and device, and no user', async () => {
    const session = sessionId();
    const res = await postBatch(
      {
        session_id: session,
        events: [pageView('/login', 'Login'), pageView('/register', 'Registro')],
        context: {
          referrer: 'https://www.instagram.com/p/abc?igshid=secret',
          utm_source: 'instagram',
          utm_campaign: 'lanzamiento',
        },
      },
      { 'user-agent': IPHONE },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 2 });
    const rows = await eventsOf(session);
    expect(rows.map((row) => [row.name, row.path, row.properties])).toEqual([
      ['Página vista', '/login', { route: '/login', name: 'Login', page: '/login' }],
      ['Página vista', '/register', { route: '/register', name: 'Registro', page: '/register' }],
    ]);
    expect(rows[0]).toMatchObject({
      userId: null,
      utmSource: 'instagram',
      utmMedium: null,
      utmCampaign: 'lanzamiento',
      // Only the host: the path and query of the referring page are never kept.
      referrerDomain: 'www.instagram.com',
      device: 'mobile',
    });
  });

  it("ties a signed-in user's events to them; the profile gets its plan, e-mail and name from the server", async () => {
    const user = await newUser();
    const session = sessionId();
    const res = await postBatch(
      {
        session_id: session,
        events: [
          pageView('/onboard', 'On Board'),
          // A browser can write neither the plan nor whose profile it is.
          {
            name: '$profile',
            properties: { plan: 'CEOMax', utm_source: 'organic', $email: 'otra@example.com' },
          },
        ],
        context: { referrer: 'http://localhost:3000/register' },
      },
      { cookie: user.cookie },
    );
    expect(res.status).toBe(202);
    const rows = await eventsOf(session);
    expect(rows.map((row) => row.userId)).toEqual([user.id, user.id]);
    expect(rows[1]?.properties).toEqual({
      plan: 'NO_PLAN',
      utm_source: 'organic',
      $email: user.email,
      $name: `Analítica ${counter}`,
    });
    // Coming from our own pages is not an outside source.
    expect(rows[0]?.referrerDomain).toBeNull();
  });

  it('accepts the text/plain body navigator.sendBeacon sends', async () => {
    const session = sessionId();
    const res = await postBatch(
      JSON.stringify({ session_id: session, events: [pageView('/', 'Dashboard Home')] }),
      { 'content-type': 'text/plain;charset=UTF-8' },
    );
    expect(res.status).toBe(202);
    expect(await eventsOf(session)).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{"session_id": "abcdefgh", "events": ['],
    ['an unknown event name', { session_id: 'abcdefgh1', events: [{ name: 'Borrar todo' }] }],
    ['no session id', { events: [pageView('/', 'Dashboard Home')] }],
    ['an empty batch', { session_id: 'abcdefgh2', events: [] }],
    [
      `more than ${ANALYTICS_BATCH_SIZE} events`,
      {
        session_id: 'abcdefgh3',
        events: Array.from({ length: ANALYTICS_BATCH_SIZE + 1 }, () => pageView('/', 'x')),
      },
    ],
    [
      'a valid event next to a malformed one',
      {
        session_id: 'abcdefgh4',
        events: [pageView('/', 'Dashboard Home'), { name: 'Login', properties: { a: { b: 1 } } }],
      },
    ],
  ])('refuses a batch with %s with 400 and stores nothing', async (_case, body) => {
    const before = await eventCount();
    const res = await postBatch(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await eventCount()).toBe(before);
  });

  it('refuses an oversized batch with 413 and stores nothing', async () => {
    const before = await eventCount();
    const big = 'x'.repeat(999);
    const events = Array.from({ length: ANALYTICS_BATCH_SIZE }, () => ({
      name: 'Página vista',
      properties: Object.fromEntries(Array.from({ length: 2 }, (_, i) => [`p${i}`, big])),
    }));
    const res = await postBatch({ session_id: sessionId(), events });
    expect(res.status).toBe(413);
    expect(await eventCount()).toBe(before);
  });

  it('keeps the events of a user who opted out anonymous, and drops their profile', async () => {
    const user = await newUser();
    const opt = await t.request('/api/users/me/analytics', {
      method: 'PUT',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ personal: false }),
    });
    expect(opt.status).toBe(200);
    const profile = await t.request('/api/auth/profile', { headers: { cookie: user.cookie } });
    expect(await profile.json()).toMatchObject({ analytics_personal: false });
    const session = sessionId();
    await postBatch(
      {
        session_id: session,
        events: [pageView('/', 'Dashboard Home'), { name: '$profile', properties: { plan: 'Starter' } }],
      },
      { cookie: user.cookie },
    );
    const rows = await eventsOf(session);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Página vista', userId: null });
  });
});

describe('events the server records', () => {
  it('reports the discovery source and a new business for the user', async () => {
    const user = await newUser();
    await t.request('/api/users/me/onboarding', {
      method: 'PUT',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ discovery_source: 'instagram' }),
    });
    await t.database.db.update(users).set({ planId: 5 }).where(eq(users.id, user.id));
    const created = await t.request('/api/businesses/ideas', {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(MINIMAL_IDEA),
    });
    expect(created.status).toBe(201);
    const businessId = ((await created.json()) as { id: number }).id;
    await t.app.analytics.flush();
    const rows = await t.database.db
      .select({ name: analyticsEvents.name, properties: analyticsEvents.properties })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.userId, user.id), ne(analyticsEvents.name, 'Sign Up')))
      .orderBy(analyticsEvents.id);
    expect(rows).toEqual([
      { name: 'Fuente de tráfico', properties: { source: 'instagram' } },
      { name: 'Negocio creado', properties: { business_id: businessId } },
    ]);
  });
});

describe('privacy', () => {
  it('deleting a user deletes their events (and only theirs)', async () => {
    const user = await newUser();
    const other = await newUser();
    const session = sessionId();
    const otherSession = sessionId();
    await postBatch(
      { session_id: session, events: [pageView('/', 'Dashboard Home')] },
      { cookie: user.cookie },
    );
    await postBatch(
      { session_id: otherSession, events: [pageView('/', 'Dashboard Home')] },
      { cookie: other.cookie },
    );
    expect(await eventsOf(session)).toHaveLength(1);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    expect(await eventsOf(session)).toHaveLength(0);
    expect(await eventsOf(otherSession)).toHaveLength(1);
  });

  it('deletes the events older than the retention period and keeps the rest', async () => {
    const session = sessionId();
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    await t.database.db.insert(analyticsEvents).values(
      [400, 396, 394, 1].map((daysAgo) => ({
        name: 'Página vista',
        sessionId: session,
        properties: { daysAgo },
        createdAt: at(daysAgo),
      })),
    );
    await deleteExpiredEvents(t.database.db, 395);
    const kept = await eventsOf(session);
    expect(kept.map((row) => (row.properties as { daysAgo: number }).daysAgo)).toEqual([394, 1]);
  });
});

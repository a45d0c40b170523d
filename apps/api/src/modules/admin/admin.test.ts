import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAudit,
  analyticsEvents,
  chats,
  creditLedger,
  generations,
  messages,
  researches,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, markEmailVerified, signUp, type TestApp } from '../../test/app.ts';
import { chatOwner, userOnPlan } from '../../test/chat-owner.ts';
import { rollUpClosedDays } from '../analytics/daily-rollup.ts';

const ADMIN = 'operadora@example.com';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `otra@example.com, ${ADMIN.toUpperCase()}` });
  admin = (await signUp(t, { name: 'Operadora', email: ADMIN, password: 'contraseña-segura' })).cookie;
  await markEmailVerified(t, ADMIN);
  member = (await signUp(t, { name: 'Socia', email: 'socia@example.com', password: 'contraseña-segura' }))
    .cookie;
});
afterAll(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const day = (n: number) => daysAgo(n).toISOString().slice(0, 10);

function call(cookie: string | undefined, path: string, init: { method?: string; body?: unknown } = {}) {
  return t.request(`/api/admin${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

describe('who may use the console', () => {
  it('answers 401 without a session and 403 to a user ADMIN_EMAILS does not name, on every route', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/overview?from=${today()}&to=${today()}`],
      ['GET', '/users'],
      ['POST', '/users/1/credits', { amount: 50, reason: 'Compensación', request_id: 'peticion-1' }],
      ['GET', '/researches/failed'],
      ['POST', '/researches/1/retry'],
      ['GET', '/audit'],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(undefined, path, { method, body })).status, `${method} ${path}`).toBe(401);
      const refused = await call(member, path, { method, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    // Nothing was granted by the refused calls.
    expect(await t.database.db.select().from(adminAudit)).toHaveLength(0);
  });

  it("shows the operator's role as admin (the e-mail is matched without case) and everyone else's as stored", async () => {
    const me = async (cookie: string) =>
      ((await (await t.request('/api/users/me', { headers: { cookie } })).json()) as { role: string }).role;
    expect(await me(admin)).toBe('admin');
    expect(await me(member)).toBe('user');
  });
});

describe('GET /api/admin/overview', () => {
  it('refuses a period that ends before it starts, or a malformed date, with 400', async () => {
    expect((await call(admin, `/overview?from=${today()}&to=${day(3)}`)).status).toBe(400);
    expect((await call(admin, '/overview?from=ayer&to=hoy')).status).toBe(400);
  });

  it('counts sign-ups, the activation funnel, answers, credits, plans, research and audience of the period, without the operators', async () => {
    // One user goes all the way to a first answer; another only registered; a third paid plan 5
    // through the local test checkout.
    const owner = await chatOwner(t, { planId: 7, credits: 100 });
    const tester = await userOnPlan(
      t,
      { name: 'Probadora', email: 'probadora@example.com', password: 'contraseña-segura' },
      { planId: 5, credits: 10 },
    );
    await t.database.db
      .insert(subscriptions)
      .values({ userId: tester.id, provider: 'local', planId: 5, status: 'active' });
    // The operator does everything a customer does, through the test checkout too: none of it counts.
    const operator = await chatOwner(t, { planId: 12, credits: 100 });
    await t.database.db
      .update(users)
      .set({ email: 'OTRA@example.com', emailVerified: true, discoverySource: 'google' })
      .where(eq(users.id, operator.id));
    await t.database.db
      .insert(subscriptions)
      .values({ userId: operator.id, provider: 'local', planId: 12, status: 'active' });
    const [operatorChat] = await t.database.db
      .insert(chats)
      .values({ businessId: operator.businessId })
      .returning();
    const [operatorAnswer] = await t.database.db
      .insert(messages)
      .values({ chatId: operatorChat?.id ?? 0, sender: 'ai_model', content: 'Hola.' })
      .returning();
    await t.database.db.insert(generations).values({
      messageId: operatorAnswer?.id ?? 0,
      userId: operator.id,
      attempt: 1,
      status: 'finished',
      owner: 'test',
      cost: 1,
    });
    await t.database.db
      .insert(creditLedger)
      .values([{ userId: operator.id, sourceId: 'test:debit:operator', delta: -40, kind: 'debit' }]);
    await t.database.db.insert(analyticsEvents).values([
      {
        name: 'Página vista',
        userId: operator.id,
        sessionId: 'sesion-operadora',
        properties: { route: '/admin', name: 'Ruta desconocida' },
        utmSource: 'equipo',
      },
    ]);
    await t.database.db.update(users).set({ discoverySource: 'instagram' }).where(eq(users.id, owner.id));
    const [chat] = await t.database.db.insert(chats).values({ businessId: owner.businessId }).returning();
    const [question, answer, failedAnswer] = await t.database.db
      .insert(messages)
      .values([
        { chatId: chat?.id ?? 0, sender: 'user', content: '¿Precio?' },
        { chatId: chat?.id ?? 0, sender: 'ai_model', content: 'Depende.' },
        { chatId: chat?.id ?? 0, sender: 'ai_model', content: 'error' },
      ])
      .returning();
    expect(question).toBeDefined();
    await t.database.db.insert(generations).values([
      {
        messageId: answer?.id ?? 0,
        userId: owner.id,
        attempt: 1,
        status: 'finished',
        owner: 'test',
        cost: 1,
      },
      { messageId: failedAnswer?.id ?? 0, userId: owner.id, attempt: 1, status: 'failed', owner: 'test' },
    ]);
    await t.database.db.insert(creditLedger).values([
      { userId: owner.id, sourceId: 'test:debit:1', delta: -3, kind: 'debit' },
      { userId: owner.id, sourceId: 'test:refund:1', delta: 1, kind: 'refund' },
    ]);
    await t.database.db.insert(researches).values([
      {
        businessId: owner.businessId,
        maxTokens: 50000,
        status: 'completed',
        startedAt: daysAgo(0.01),
        completedAt: new Date(daysAgo(0.01).getTime() + 120_000),
      },
    ]);
    await t.database.db.insert(analyticsEvents).values([
      {
        name: 'Página vista',
        sessionId: 'sesion-a-1',
        properties: { name: 'Login' },
        utmSource: 'instagram',
      },
      {
        name: 'Página vista',
        sessionId: 'sesion-a-1',
        properties: { route: '/report', name: 'Ruta desconocida' },
        utmSource: 'instagram',
      },
      { name: 'Página vista', sessionId: 'sesion-b-1', properties: { name: 'Login' } },
    ]);

    const res = await call(admin, `/overview?from=${day(6)}&to=${today()}`);
    expect(res.status).toBe(200);
    const overview = (await res.json()) as Record<string, unknown> & {
      signups_per_day: Array<{ day: string; count: number }>;
      answers_per_day: Array<{ day: string; answers: number; failed: number }>;
    };
    expect(overview.signups_per_day).toHaveLength(7);
    // The socia, the owner and the tester; the two operators (one of them with a plan) are not customers.
    expect(overview.signups_per_day.at(-1)).toEqual({ day: today(), count: 3 });
    expect(overview.funnel).toEqual({
      registered: 3,
      onboarded: 1,
      plan_chosen: 2,
      business_created: 1,
      first_answer: 1,
    });
    expect(overview.answers_per_day.at(-1)).toEqual({ day: today(), answers: 2, failed: 1 });
    // Registering is activity too: the server records each account's 'Sign Up' (ADR 0030).
    expect(overview.active_users).toBe(3);
    expect(overview.credits_spent).toBe(2);
    expect(overview.users_per_plan).toEqual([
      { plan_id: -1, name: 'Sin plan', users: 1, test_checkout_users: 0 },
      { plan_id: 5, name: 'Founder', users: 1, test_checkout_users: 1 },
      { plan_id: 7, name: 'CEO', users: 1, test_checkout_users: 0 },
    ]);
    // Only the owner's plan is revenue; the tester's test checkout is told apart, the operator's nowhere.
    expect(overview.monthly_recurring_revenue_eur).toBe(29);
    expect(overview.test_checkout_revenue_eur).toBe(19);
    expect(overview.research).toEqual({
      // The run the business started when it was created is still waiting (no worker in this test).
      by_state: [
        { state: 'completed', count: 1 },
        { state: 'pending', count: 1 },
      ],
      median_seconds: 120,
      p95_seconds: 120,
    });
    // Views are counted by route, so a screen §2.12 leaves unnamed (the report) is a row of its own.
    expect(overview.top_pages).toEqual([
      { page: 'Login', views: 2 },
      { page: '/report', views: 1 },
    ]);
    expect(overview.utm_sources).toEqual([
      { source: 'instagram', sessions: 1 },
      { source: 'organic', sessions: 1 },
    ]);
  });

  it('gives the same audience figures from the daily counts as from the events themselves', async () => {
    const rows = [];
    for (let n = 1; n <= 5; n++) {
      for (let i = 0; i < n; i++) {
        rows.push({
          name: 'Página vista',
          sessionId: `rollup-${n}-${i % 2}`,
          properties: n % 2 ? { route: '/chat', name: 'Chat' } : { name: 'Perfil' },
          utmSource: i % 2 ? 'tiktok' : null,
          createdAt: daysAgo(n),
        });
      }
    }
    await t.database.db.insert(analyticsEvents).values(rows);
    const period = `/overview?from=${day(5)}&to=${day(1)}`;
    const live = await (await call(admin, period)).json();
    const rolled = await rollUpClosedDays(t.database.db, [ADMIN, 'otra@example.com']);
    expect(rolled).toEqual(expect.arrayContaining([day(1), day(5)]));
    const [counted] = await t.database.db
      .execute<{ n: number }>(sql`select count(*)::int as n from analytics_daily where metric = 'page_views'`)
      .then((result) => (result as unknown as { rows: Array<{ n: number }> }).rows);
    expect(Number(counted?.n)).toBeGreaterThan(0);
    const fromRollup = await (await call(admin, period)).json();
    expect(fromRollup).toEqual(live);
    expect((live as { top_pages: unknown }).top_pages).toEqual([
      { page: '/chat', views: 9 },
      { page: 'Perfil', views: 6 },
    ]);
  });
});

describe('users and actions', () => {
  it('lists users newest first, searches by e-mail or name, and pages', async () => {
    const all = (await (await call(admin, '/users')).json()) as {
      users: Array<{ email: string }>;
      total: number;
    };
    expect(all.total).toBeGreaterThanOrEqual(3);
    const found = (await (await call(admin, '/users?q=SOCIA')).json()) as {
      users: Array<{ email: string; plan_id: number; credits: number | null; businesses: number }>;
      total: number;
    };
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({ email: 'socia@example.com', plan_id: -1, businesses: 0 });
    // A % typed in the search box is a character, not a wildcard.
    expect(((await (await call(admin, '/users?q=%25')).json()) as { total: number }).total).toBe(0);
    expect((await call(admin, '/users?page=0')).status).toBe(400);
  });

  it('grants credits through the ledger and writes the operator and the reason to the audit table, once per request', async () => {
    const owner = await chatOwner(t, { planId: 7, credits: 10 });
    const grantOnce = () =>
      call(admin, `/users/${owner.id}/credits`, {
        method: 'POST',
        body: { amount: 50, reason: 'Compensación por una caída', request_id: 'concesion-0001' },
      });
    const res = await grantOnce();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ available_credits: 60 });
    // The same request again (its answer was lost): nothing more is granted or audited.
    const retried = await grantOnce();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ available_credits: 60 });
    const me = await t.request('/api/users/me', { headers: { cookie: owner.cookie } });
    expect(await me.json()).toMatchObject({ available_credits: 60 });
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, owner.id));
    const [audit] = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetUserId, owner.id));
    expect(ledger).toContainEqual(
      expect.objectContaining({
        delta: 50,
        kind: 'grant',
        sourceId: `admin:${audit?.adminUserId}:concesion-0001`,
      }),
    );
    expect(ledger.filter((row) => row.kind === 'grant' && row.delta === 50)).toHaveLength(1);
    expect(
      await t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, owner.id)),
    ).toHaveLength(1);
    expect(audit).toMatchObject({
      adminEmail: ADMIN,
      action: 'grant_credits',
      details: { amount: 50, reason: 'Compensación por una caída' },
    });
    const listed = (await (await call(admin, '/audit')).json()) as {
      entries: Array<{ admin_email: string }>;
    };
    const [target] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(listed.entries[0]).toMatchObject({
      admin_email: ADMIN,
      action: 'grant_credits',
      target_user_id: owner.id,
      target_email: target?.email,
    });
  });

  it('refuses a grant without a reason or with a bad amount, and for a user who does not exist', async () => {
    const owner = await chatOwner(t, { planId: 7, credits: 10 });
    for (const body of [
      { amount: 50, reason: '', request_id: 'peticion-1' },
      { amount: 0, reason: 'Motivo', request_id: 'peticion-2' },
      { amount: 1.5, reason: 'Motivo', request_id: 'peticion-3' },
      { amount: 5, reason: 'Motivo' },
    ]) {
      expect((await call(admin, `/users/${owner.id}/credits`, { method: 'POST', body })).status).toBe(400);
    }
    expect(
      (
        await call(admin, '/users/999999/credits', {
          method: 'POST',
          body: { amount: 5, reason: 'Motivo', request_id: 'peticion-4' },
        })
      ).status,
    ).toBe(404);
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, owner.id));
    expect(ledger.filter((row) => row.kind === 'grant')).toHaveLength(0);
  });

  it('lists failed research and retries the latest failed run of a business, once', async () => {
    const owner = await chatOwner(t, { planId: 7, credits: 10 });
    // The business's own run (started at creation) failed.
    await t.database.db
      .update(researches)
      .set({ status: 'failed', error: 'El buscador no respondió' })
      .where(eq(researches.businessId, owner.businessId));
    const [failed] = await t.database.db
      .select()
      .from(researches)
      .where(eq(researches.businessId, owner.businessId));
    const list = (await (await call(admin, '/researches/failed')).json()) as {
      researches: Array<{ id: number }>;
    };
    expect(list.researches).toContainEqual(
      expect.objectContaining({
        id: failed?.id,
        business_id: owner.businessId,
        error: 'El buscador no respondió',
      }),
    );
    const retried = await call(admin, `/researches/${failed?.id}/retry`, { method: 'POST' });
    expect(retried.status).toBe(201);
    const { research_id } = (await retried.json()) as { research_id: number };
    const [run] = await t.database.db.select().from(researches).where(eq(researches.id, research_id));
    expect(run).toMatchObject({ businessId: owner.businessId, status: 'pending' });
    // The failed run is no longer the latest: a second retry is refused.
    expect((await call(admin, `/researches/${failed?.id}/retry`, { method: 'POST' })).status).toBe(409);
    const audits = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'retry_research'));
    expect(audits).toEqual([
      expect.objectContaining({
        adminEmail: ADMIN,
        targetUserId: owner.id,
        details: { research_id: failed?.id, new_research_id: research_id, business_id: owner.businessId },
      }),
    ]);
  });
});

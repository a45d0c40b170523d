import {
  ERROR_CODES,
  type LatestResearch,
  RESEARCH_QUOTA_MESSAGE,
  type Research,
  type ResearchReport,
} from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researches, researchSources } from '../../db/schema/index.ts';
import { type ChatOwner, chatOwner } from '../../test/chat-owner.ts';
import { startTestHttpServer, type TestHttpServer } from '../../test/http-server.ts';
import { MAX_STREAMS_PER_USER } from './events-stream.ts';
import { appendEvent } from './store.ts';
import { GAVE_UP_REASON, MAX_ATTEMPTS, sweepResearch } from './watchdog.ts';

/**
 * The research API without a worker (ADR 0016): who may start a run and how often, one run at a time
 * per business, the latest run and its report, the timeline over Server-Sent Events, and the watchdog.
 * The pipeline itself is tested in pipeline/, and end to end in research-runs.test.ts.
 */
let t: TestHttpServer;

beforeAll(async () => {
  t = await startTestHttpServer();
});
afterAll(async () => {
  await t?.close();
});

const request = (who: ChatOwner, businessId = who.businessId) =>
  t.fetch('/api/researches', {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ max_tokens: 50000, business_id: businessId, sync_generation: false }),
  });
const latest = async (who: ChatOwner) =>
  (await (
    await t.fetch(`/api/businesses/${who.businessId}/research`, { headers: { cookie: who.cookie } })
  ).json()) as LatestResearch;
const runsOf = (businessId: number) =>
  t.database.db.select().from(researches).where(eq(researches.businessId, businessId));
/** Moves a business's runs back in time, past the window in which a request gets the same run. */
const age = (businessId: number, minutes: number) =>
  t.database.db.execute(
    sql`update researches set created_at = created_at - make_interval(mins => ${minutes}) where business_id = ${businessId}`,
  );
const complete = (id: number) =>
  t.database.db
    .update(researches)
    .set({ status: 'completed', completedAt: new Date(), summary: 'Hecho', stage: 'done', progress: 1000 })
    .where(eq(researches.id, id));

describe('starting a run', () => {
  it('is done by the server when a business is created, and the browser’s request gets the same run', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const [started] = await runsOf(who.businessId);
    expect(started).toMatchObject({ status: 'pending', stage: 'queued', maxTokens: 50000 });
    const res = await request(who);
    expect(res.status).toBe(202);
    expect(((await res.json()) as Research).id).toBe(started?.id);
    expect(await runsOf(who.businessId)).toHaveLength(1);
  });

  it('gives the run under way to concurrent requests: one run per business', async () => {
    const who = await chatOwner(t, { planId: 12, credits: 0 });
    await t.database.db.delete(researches).where(eq(researches.businessId, who.businessId));
    const ids = await Promise.all(
      Array.from({ length: 10 }, async () => ((await (await request(who)).json()) as Research).id),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await runsOf(who.businessId)).toHaveLength(1);
  });

  it('records Starter’s request as disabled and runs nothing', async () => {
    const who = await chatOwner(t, { planId: 9, credits: 100 });
    const res = await request(who);
    expect(await res.json()).toMatchObject({ status: 'disabled' });
    expect((await runsOf(who.businessId)).map((r) => r.status)).toEqual(['disabled']);
    expect((await latest(who)).can_refresh).toBe(false);
  });

  it('allows Founder one run per billing period; a failed run does not count', async () => {
    const who = await chatOwner(t, { planId: 5, credits: 500 });
    const [first] = await runsOf(who.businessId);
    await t.database.db
      .update(researches)
      .set({ status: 'failed', error: 'El modelo no respondió.' })
      .where(eq(researches.id, first?.id ?? 0));
    await age(who.businessId, 5);
    expect((await latest(who)).can_refresh).toBe(true);
    const retry = (await (await request(who)).json()) as Research;
    expect(retry).toMatchObject({ status: 'pending' });
    expect(retry.id).not.toBe(first?.id);

    await complete(retry.id);
    await age(who.businessId, 5);
    expect((await latest(who)).can_refresh).toBe(false);
    const refused = await request(who);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: ERROR_CODES.researchNotAllowed,
      message: RESEARCH_QUOTA_MESSAGE,
    });
  });

  it('lets a CEO plan refresh a finished study any number of times', async () => {
    const who = await chatOwner(t, { planId: 11, credits: 1400 });
    for (let n = 0; n < 3; n++) {
      const [run] = await runsOf(who.businessId).then((rows) => rows.filter((r) => r.status === 'pending'));
      await complete(run?.id ?? 0);
      await age(who.businessId, 5);
      expect((await latest(who)).can_refresh).toBe(true);
      expect((await request(who)).status).toBe(202);
    }
    expect(await runsOf(who.businessId)).toHaveLength(4);
  });

  it('answers 404 for another user’s business, and 401 without a session', async () => {
    const owner = await chatOwner(t, { planId: 7, credits: 10 });
    const stranger = await chatOwner(t, { planId: 7, credits: 10 });
    expect((await request(stranger, owner.businessId)).status).toBe(404);
    const anonymous = await t.fetch('/api/researches', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ max_tokens: 50000, business_id: owner.businessId }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('reading runs', () => {
  it('counts the status line from the last completed run, while a newer one works', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const [first] = await runsOf(who.businessId);
    await complete(first?.id ?? 0);
    await age(who.businessId, 5);
    const completedAt = (await latest(who)).last_completed_at;
    expect(completedAt).not.toBeNull();
    const second = (await (await request(who)).json()) as Research;
    const now = await latest(who);
    expect(now.research).toMatchObject({ id: second.id, status: 'pending', stage: 'queued', progress: 0 });
    expect(now.last_completed_at).toBe(completedAt);
    expect(now.can_refresh).toBe(false);
  });

  it('gives the owner the report in the fixed order with its sources, and nobody else', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const [run] = await runsOf(who.businessId);
    const id = run?.id ?? 0;
    const claim = { text: 'Crece un 4 % [1].', kind: 'fuente', sources: [1] };
    await t.database.db
      .update(researches)
      .set({
        mode: 'web',
        sections: {
          precios: { key: 'precios', title: 'Precios', claims: [claim], score: null },
          resumen: { key: 'resumen', title: 'Resumen', claims: [claim], score: null },
        },
      })
      .where(eq(researches.id, id));
    await t.database.db
      .insert(researchSources)
      .values({ researchId: id, number: 1, url: 'https://ejemplo.es/pan', title: 'Pan', excerpt: 'Crece' });
    await complete(id);
    const res = await t.fetch(`/api/researches/${id}`, { headers: { cookie: who.cookie } });
    expect(res.status).toBe(200);
    const report = (await res.json()) as ResearchReport;
    expect(report).toMatchObject({
      id,
      status: 'completed',
      mode: 'web',
      business_name: 'Idea de prueba',
      sources_count: 1,
      sources: [{ number: 1, url: 'https://ejemplo.es/pan', title: 'Pan' }],
    });
    expect(report.sections.map((s: { key: string }) => s.key)).toEqual(['resumen', 'precios']);
    const stranger = await chatOwner(t, { planId: 7, credits: 10 });
    expect((await t.fetch(`/api/researches/${id}`, { headers: { cookie: stranger.cookie } })).status).toBe(
      404,
    );
    expect(
      (await t.fetch(`/api/researches/${id}/events`, { headers: { cookie: stranger.cookie } })).status,
    ).toBe(404);
  });
});

/** The `data:` of each event of an SSE body, in order. */
function sseEvents(body: string): Array<{ id: string; seq: number; type: string; label: string }> {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => {
      const id = /^id: ?(.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? '{}';
      return { id, ...JSON.parse(data) };
    });
}

describe('the run’s timeline over Server-Sent Events', () => {
  it('streams the events as they happen, replays after Last-Event-ID and ends on completion', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const [run] = await runsOf(who.businessId);
    const id = run?.id ?? 0;
    const url = `/api/researches/${id}/events`;
    const live = t.fetch(url, { headers: { cookie: who.cookie } });
    await appendEvent(t.database.db, id, 'stage', {
      label: 'Planificando las preguntas',
      stage: 'planning',
      progress: 0.05,
    });
    await appendEvent(t.database.db, id, 'plan', { label: '6 preguntas', stage: 'planning', progress: 0.1 });
    await appendEvent(t.database.db, id, 'completed', { label: 'Listo', stage: 'done', progress: 1 });
    const res = await live;
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = sseEvents(await res.text());
    expect(events.map((e) => e.type)).toEqual(['queued', 'stage', 'plan', 'completed']);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    expect(events[1]?.label).toBe('Planificando las preguntas');

    const replay = await t.fetch(url, { headers: { cookie: who.cookie, 'last-event-id': '2' } });
    expect(sseEvents(await replay.text()).map((e) => e.seq)).toEqual([3, 4]);
    // Over and nothing new: 204 tells an EventSource not to reconnect.
    await complete(id);
    const after = await t.fetch(url, { headers: { cookie: who.cookie, 'last-event-id': '4' } });
    expect(after.status).toBe(204);
  });
});

describe('open timelines', () => {
  it('are limited per user: one too many answers 429 in Spanish, and closing one frees its place', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const [run] = await runsOf(who.businessId);
    const url = `/api/researches/${run?.id}/events`;
    const readers = Array.from({ length: MAX_STREAMS_PER_USER }, () => new AbortController());
    const opened = await Promise.all(
      readers.map((reader) => t.fetch(url, { headers: { cookie: who.cookie }, signal: reader.signal })),
    );
    expect(opened.map((res) => res.status)).toEqual(readers.map(() => 200));
    const refused = await t.fetch(url, { headers: { cookie: who.cookie } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Tienes demasiadas pestañas/);
    // Another user is not affected.
    const other = await chatOwner(t, { planId: 7, credits: 10 });
    const [otherRun] = await runsOf(other.businessId);
    const theirs = new AbortController();
    expect(
      (
        await t.fetch(`/api/researches/${otherRun?.id}/events`, {
          headers: { cookie: other.cookie },
          signal: theirs.signal,
        })
      ).status,
    ).toBe(200);
    theirs.abort();
    readers[0]?.abort();
    await expect
      .poll(
        async () => {
          const again = await t.fetch(url, { headers: { cookie: who.cookie } });
          const status = again.status;
          await again.body?.cancel();
          return status;
        },
        { timeout: 5_000, interval: 200 },
      )
      .toBe(200);
    for (const reader of readers) reader.abort();
  });
});

describe('the watchdog', () => {
  const stale = (id: number, attempts: number) =>
    t.database.db
      .update(researches)
      .set({ status: 'running', attempts, heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(researches.id, id));

  it('hands back a run whose process died and sends it again, then fails it after the last attempt', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const [run] = await runsOf(who.businessId);
    const id = run?.id ?? 0;
    const sent: number[] = [];
    await stale(id, 1);
    await sweepResearch(t.database.db, async (researchId) => void sent.push(researchId));
    expect(sent).toContain(id);
    const [back] = await runsOf(who.businessId);
    expect(back?.status).toBe('pending');

    await stale(id, MAX_ATTEMPTS);
    await sweepResearch(t.database.db, async () => {});
    const [failed] = await runsOf(who.businessId);
    expect(failed).toMatchObject({ status: 'failed', error: GAVE_UP_REASON });
    const body = await (
      await t.fetch(`/api/researches/${id}/events`, { headers: { cookie: who.cookie } })
    ).text();
    const types = sseEvents(body).map((e) => e.type);
    expect(types).toEqual(['queued', 'interrupted', 'failed']);
  });

  it('disables a waiting run once its owner chose Starter, and sends one whose owner chose a plan with research', async () => {
    const waiting = await chatOwner(t, { planId: -1, credits: 0 });
    const starter = await chatOwner(t, { planId: -1, credits: 0 });
    const sent: number[] = [];
    await sweepResearch(t.database.db, async (id) => void sent.push(id));
    const [run] = await runsOf(waiting.businessId);
    expect(sent).not.toContain(run?.id);

    await t.database.db.execute(sql`update users set plan_id = 5 where id = ${waiting.id}`);
    await t.database.db.execute(sql`update users set plan_id = 9 where id = ${starter.id}`);
    await t.database.db.execute(
      sql`update researches set heartbeat_at = now() - interval '2 minutes' where business_id = ${waiting.businessId}`,
    );
    await sweepResearch(t.database.db, async (id) => void sent.push(id));
    expect(sent).toContain(run?.id);
    expect((await runsOf(starter.businessId)).map((r) => r.status)).toEqual(['disabled']);
  });
});

it('never lets a stranger read another user’s run through any research route', async () => {
  const who = await chatOwner(t, { planId: 7, credits: 10 });
  const stranger = await chatOwner(t, { planId: 7, credits: 10 });
  const [run] = await runsOf(who.businessId);
  for (const path of [`/api/researches/${run?.id}`, `/api/businesses/${who.businessId}/research`]) {
    expect((await t.fetch(path, { headers: { cookie: stranger.cookie } })).status).toBe(404);
  }
});

import { ERROR_CODES, NOTIFICATIONS_NOT_ALLOWED_MESSAGE } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, notifications, users } from '../../db/schema/index.ts';
import { createLogger } from '../../logger.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { chatOwner, MINIMAL_IDEA } from '../../test/chat-owner.ts';
import { notificationKit } from '../../test/notifications-test-kit.ts';
import { runNotificationRound } from './round.ts';

// 'Notificaciones inteligentes' (ADR 0056) with a controllable clock: the round takes `now`, the way the
// hourly schedule passes it.

let t: TestApp;
let kit: ReturnType<typeof notificationKit>;
const logger = createLogger('silent');
beforeAll(async () => {
  t = await createTestApp();
  kit = notificationKit(t);
});
afterAll(async () => {
  await t.close();
});

/** A CEO founder in Mexico City (UTC-6, no summer time) with one idea. */
async function founder(planId = 11) {
  const owner = await chatOwner(t, { planId, credits: 10, idea: { ...MINIMAL_IDEA, name: 'Tacos Lupe' } });
  const res = await kit.send(owner.cookie, 'PUT', '/api/users/me/time-zone', {
    time_zone: 'America/Mexico_City',
  });
  expect(res.status).toBe(200);
  return owner;
}

// Thursday 2026-12-03 in Mexico City: 07:30 is 13:30 UTC, 08:30 is 14:30 UTC.
const THU_0730 = new Date('2026-12-03T13:30:00Z');
const THU_0830 = new Date('2026-12-03T14:30:00Z');
const THU_0850 = new Date('2026-12-03T14:50:00Z');
const round = (now: Date) => runNotificationRound(t.database.db, logger, now);
const mailsTo = async (userId: number) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return kit.mails.filter((mail) => mail.to === user?.email);
};

describe('a task due tomorrow', () => {
  it("makes one notification and one e-mail in the founder's morning, however often the round runs", async () => {
    const owner = await founder();
    await kit.taskDue(owner.cookie, owner.businessId, '2026-12-04');

    await round(THU_0730);
    expect((await kit.list(owner.cookie)).items).toEqual([]);

    await round(THU_0830);
    await round(THU_0850);
    const page = await kit.list(owner.cookie);
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'tarea_manana',
      business_id: owner.businessId,
      title: 'Mañana vence una tarea de Tacos Lupe',
      body: '«Llamar a la gestoría»',
      link: `/roadmap/${owner.businessId}`,
      read_at: null,
    });

    await kit.deliver();
    await kit.deliver();
    const mails = await mailsTo(owner.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Mañana vence una tarea de Tacos Lupe');
    expect(mails[0]?.text).toContain(`/roadmap/${owner.businessId}?notificacion=${page.items[0]?.id}`);
    // Its unsubscribe link names the kind: it turns off the tasks' notices only.
    const token = decodeURIComponent(/baja\?token=([^\s")]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '');
    expect(token).toMatch(/^\d+\.tasks\./);
    const off = await t.request(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
    });
    expect(await off.json()).toEqual({ product_mail: true, topic: 'tasks' });
    const prefs = await (await kit.send(owner.cookie, 'GET', '/api/notifications/preferences')).json();
    expect(prefs).toMatchObject({ tasks: false, research: true, mail_frequency: 'inmediato' });
  });

  it('says once that a task is overdue, and nothing when the kind is turned off', async () => {
    const owner = await founder();
    await kit.taskDue(owner.cookie, owner.businessId, '2026-12-01');
    const patch = await kit.send(owner.cookie, 'PATCH', '/api/notifications/preferences', { tasks: false });
    expect(await patch.json()).toMatchObject({ tasks: false, weekly_summary: true, credits: true });
    await round(THU_0830);
    expect((await kit.list(owner.cookie)).items).toEqual([]);

    await kit.send(owner.cookie, 'PATCH', '/api/notifications/preferences', { tasks: true });
    await round(THU_0830);
    await round(new Date('2026-12-04T14:30:00Z'));
    const { items } = await kit.list(owner.cookie);
    expect(items.map((n) => [n.kind, n.title])).toEqual([['tarea_vencida', 'Tarea vencida en Tacos Lupe']]);
  });
});

describe('the weekly summary', () => {
  it('goes once a week, on Monday morning: what was done, what is next and a question', async () => {
    const owner = await founder();
    await kit.taskDue(owner.cookie, owner.businessId, '2026-12-20', 'Hablar con 5 clientes');
    const monday = new Date('2026-12-07T14:10:00Z');
    await round(monday);
    await round(new Date('2026-12-07T14:55:00Z'));
    await round(new Date('2026-12-08T14:10:00Z'));
    let summaries = (await kit.list(owner.cookie)).items.filter((n) => n.kind === 'resumen_semanal');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.title).toBe('Tu semana en Tacos Lupe');
    expect(summaries[0]?.body).toContain('Lo siguiente:');
    expect(summaries[0]?.body).toContain('«Hablar con 5 clientes»');
    expect(summaries[0]?.body).toContain('Una pregunta de tu mentor para pensar:');

    await round(new Date('2026-12-14T14:10:00Z'));
    summaries = (await kit.list(owner.cookie)).items.filter((n) => n.kind === 'resumen_semanal');
    expect(summaries).toHaveLength(2);
  });
});

describe('a deleted account', () => {
  it('gets nothing: no notification and no e-mail, even one that was due', async () => {
    const owner = await founder();
    await kit.taskDue(owner.cookie, owner.businessId, '2026-12-04');
    await round(THU_0830);
    expect((await kit.list(owner.cookie)).items).toHaveLength(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    await t.database.db.delete(users).where(eq(users.id, owner.id));
    await round(THU_0850);
    await kit.deliver();
    expect(kit.mails.filter((mail) => mail.to === user?.email)).toEqual([]);
    const left = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(left).toEqual([]);
  });
});

describe('a deleted business', () => {
  it('takes its notices with it, and the round makes none for it', async () => {
    const owner = await founder();
    await kit.taskDue(owner.cookie, owner.businessId, '2026-12-04');
    await round(THU_0830);
    expect((await kit.list(owner.cookie)).items).toHaveLength(1);
    const gone = await kit.send(owner.cookie, 'DELETE', `/api/businesses/ideas/${owner.businessId}`);
    expect(gone.status).toBeLessThan(300);
    await round(THU_0850);
    await round(new Date('2026-12-07T14:10:00Z'));
    expect((await kit.list(owner.cookie)).items).toEqual([]);
  });
});

describe('the centre', () => {
  it('lists newest first a page at a time, marks read one or all, and records the opening', async () => {
    const owner = await founder();
    await kit.taskDue(owner.cookie, owner.businessId, '2026-12-04');
    await kit.send(owner.cookie, 'PATCH', '/api/notifications/preferences', { mail_frequency: 'nunca' });
    await round(THU_0830);
    await round(new Date('2026-12-05T14:30:00Z'));
    const all = await kit.list(owner.cookie);
    expect(all.items.map((n) => n.kind)).toEqual(['tarea_vencida', 'tarea_manana']);
    const first = await kit.list(owner.cookie, '?limit=1');
    expect(first.items.map((n) => n.kind)).toEqual(['tarea_vencida']);
    const second = await kit.list(owner.cookie, `?limit=1&before=${first.next_before}`);
    expect(second.items.map((n) => n.kind)).toEqual(['tarea_manana']);
    expect(second.next_before).toBeNull();

    const stranger = await founder();
    const id = all.items[0]?.id ?? 0;
    expect((await kit.send(stranger.cookie, 'POST', `/api/notifications/${id}/read`)).status).toBe(404);
    const opened = await kit.send(owner.cookie, 'POST', `/api/notifications/${id}/open`, { via: 'correo' });
    expect(await opened.json()).toEqual({ unread: 1 });
    await t.app.analytics.flush();
    const events = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'Notificación abierta'));
    expect(events.some((e) => e.userId === owner.id)).toBe(true);
    const count = await kit.send(owner.cookie, 'POST', '/api/notifications/read-all');
    expect(await count.json()).toEqual({ unread: 0 });
    // 'Nunca': no e-mail at all.
    await kit.deliver();
    expect(await mailsTo(owner.id)).toEqual([]);
  });

  it('is for the plans that have it; the time zone must be a real one', async () => {
    const founderPlan = await chatOwner(t, { planId: 5, credits: 10 });
    const res = await kit.send(founderPlan.cookie, 'GET', '/api/notifications/unread-count');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: ERROR_CODES.notificationsNotAllowed,
      message: NOTIFICATIONS_NOT_ALLOWED_MESSAGE,
    });
    const bad = await kit.send(founderPlan.cookie, 'PUT', '/api/users/me/time-zone', {
      time_zone: 'Marte/Olimpo',
    });
    expect(bad.status).toBe(400);
  });
});

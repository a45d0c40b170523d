import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { chatOwner, MINIMAL_IDEA } from '../../test/chat-owner.ts';
import { notificationKit } from '../../test/notifications-test-kit.ts';
import { debit, invoiceSourceId, setForPeriod } from '../credits/credits.ts';
import { runNotificationRound } from './round.ts';

// The credits' notices and the daily digest (ADR 0056), with the round's clock in the test's hands.

let t: TestApp;
let kit: ReturnType<typeof notificationKit>;
const logger = createLogger('silent');
const round = (now: Date) => runNotificationRound(t.database.db, logger, now);
beforeAll(async () => {
  t = await createTestApp();
  kit = notificationKit(t);
});
afterAll(async () => {
  await t.close();
});

async function founder(planId: number) {
  const owner = await chatOwner(t, { planId, credits: 0, idea: { ...MINIMAL_IDEA, name: 'Pan de Ana' } });
  await kit.send(owner.cookie, 'PUT', '/api/users/me/time-zone', { time_zone: 'Europe/Madrid' });
  return owner;
}

describe('the credits', () => {
  it("says 'Te quedan pocos créditos' once a period at 20 % left, and 'Tus créditos se han renovado' when a period follows another", async () => {
    const owner = await founder(7);
    await setForPeriod(t.database.db, owner.id, 600, invoiceSourceId('local', 'f-1'));
    await round(new Date());
    expect((await kit.list(owner.cookie)).items).toEqual([]);

    await debit(t.database.db, owner.id, 480, 'prueba:gasto-1');
    await round(new Date());
    await round(new Date());
    let items = (await kit.list(owner.cookie)).items;
    expect(items.map((n) => [n.kind, n.title])).toEqual([['creditos_bajos', 'Te quedan pocos créditos']]);
    expect(items[0]?.body).toContain('Te quedan 120 de tus 600 créditos');

    await setForPeriod(t.database.db, owner.id, 600, invoiceSourceId('local', 'f-2'));
    await round(new Date());
    await round(new Date());
    items = (await kit.list(owner.cookie)).items;
    expect(items.map((n) => n.kind)).toEqual(['creditos_renovados', 'creditos_bajos']);
  });

  it('says nothing of credits to an unlimited plan', async () => {
    const owner = await founder(12);
    await setForPeriod(t.database.db, owner.id, null, invoiceSourceId('local', 'u-1'));
    await setForPeriod(t.database.db, owner.id, null, invoiceSourceId('local', 'u-2'));
    await round(new Date());
    expect((await kit.list(owner.cookie)).items).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('gathers the day’s notices into one mail in the morning, and never a second for the same day', async () => {
    const owner = await founder(11);
    await kit.send(owner.cookie, 'PATCH', '/api/notifications/preferences', { mail_frequency: 'diario' });
    await kit.taskDue(owner.cookie, owner.businessId, '2026-12-04', 'Llamar a la gestoría');
    await kit.taskDue(owner.cookie, owner.businessId, '2026-12-01', 'Registrar la marca');
    // Thursday 08:10 and 08:40 in Madrid (UTC+1).
    await round(new Date('2026-12-03T07:10:00Z'));
    await kit.deliver();
    await round(new Date('2026-12-03T07:40:00Z'));
    await kit.deliver();
    const mine = kit.mails.filter((mail) => mail.subject === 'Tu resumen del día en Rumbo');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.text).toContain('Mañana vence una tarea de Pan de Ana');
    expect(mine[0]?.text).toContain('Tarea vencida en Pan de Ana');
    // The digest's unsubscribe link is the one of every product mail.
    expect(mine[0]?.headers?.['List-Unsubscribe']).toMatch(/token=\d+\.[A-Za-z0-9_-]{43}>$/);
    expect((await kit.list(owner.cookie)).items).toHaveLength(2);
  });
});

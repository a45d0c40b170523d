import type { ChildProcess } from 'node:child_process';
import type { RoadmapView } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { type Db, queryRows } from '../../db/client.ts';
import { MINIMAL_IDEA } from '../../test/chat-owner.ts';
import type { TestDatabaseLocation } from '../../test/database.ts';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp.ts';
import {
  apiCall,
  databaseEnv,
  exitOf,
  paidOwner,
  startApiProcess,
  withProcessDatabase,
} from '../../test/server-process.ts';
import {
  NOTIFICATION_MAIL_RETRY_AFTER_S,
  type NotificationMailData,
  sweepNotificationMails,
} from './mail-job.ts';

/**
 * kill -9 of the process around the notifications' schedule (ADR 0056): the round has made the task's
 * notification and its e-mail is on the wire, unanswered, when the process dies. After a restart the
 * schedule runs again (every minute here, with the clock fixed in the founder's morning): no second
 * notification, and exactly one e-mail. A task past its date, added after the restart, shows when that
 * round has run: its own notice arrives, so the test waits for it rather than for a fixed time.
 */
let smtp: FakeSmtp | undefined;
const locations: TestDatabaseLocation[] = [];
const processes: ChildProcess[] = [];

afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await Promise.all(processes.map(exitOf));
  await smtp?.close();
  for (const location of locations) await location.drop();
});

const withDatabase = <T>(work: (db: Db) => Promise<T>) => withProcessDatabase(locations, work);

const rows = () =>
  withDatabase((db) =>
    queryRows<{ id: number; mail_state: string }>(
      db,
      sql`select id, mail_state from notifications order by id`,
    ),
  );

it('a process killed while the mail server held the notice: one notification, one e-mail after the restart', async () => {
  smtp = await startFakeSmtp();
  smtp.setMode('hold');
  const database = await databaseEnv(locations);
  const env = {
    SMTP_URL: smtp.url,
    NOTIFICATIONS_CRON: '* * * * *',
    // Thursday 08:30 in Mexico City.
    NOTIFICATIONS_CLOCK: '2026-12-03T14:30:00Z',
    ...database,
  };
  const first = await startApiProcess(env);
  processes.push(first.child);
  const { cookie, businessId } = await paidOwner(first.base, 11, MINIMAL_IDEA);
  await apiCall(first.base, cookie, 'PUT', '/api/users/me/time-zone', { time_zone: 'America/Mexico_City' });
  const view = (await (
    await apiCall(first.base, cookie, 'POST', `/api/businesses/${businessId}/roadmap`)
  ).json()) as RoadmapView;
  await apiCall(first.base, cookie, 'POST', `/api/businesses/${businessId}/roadmap/tasks`, {
    milestone_id: view.roadmap?.milestones[0]?.id,
    title: 'Llamar a la gestoría',
    due_date: '2026-12-04',
  });

  // The schedule's round made it, and its mail is on the wire, unanswered: the process dies there.
  await expect.poll(() => smtp?.counts.held, { timeout: 150_000, interval: 250 }).toBe(1);
  first.child.kill('SIGKILL');
  await exitOf(first.child);
  expect(smtp.received).toHaveLength(0);
  const [left] = await rows();
  expect(left?.mail_state).toBe('sending');
  // A dead sender is told from a slow one after NOTIFICATION_MAIL_RETRY_AFTER_S: the test moves the claim back.
  await withDatabase((db) =>
    db.execute(
      sql`update notifications set mail_at = mail_at - make_interval(secs => ${NOTIFICATION_MAIL_RETRY_AFTER_S + 1})`,
    ),
  );

  smtp.setMode('accept');
  const second = await startApiProcess(env);
  processes.push(second.child);
  await expect.poll(() => smtp?.received.length, { timeout: 60_000, interval: 250 }).toBe(1);
  expect(smtp.received[0]?.subject).toBe('Mañana vence una tarea de Idea de prueba');
  // Only a round of the restarted process can see this task: once its notice is mailed, that round has
  // run, and had it made the first notice again, its e-mail would be among these (or waiting in the rows).
  await apiCall(second.base, cookie, 'POST', `/api/businesses/${businessId}/roadmap/tasks`, {
    milestone_id: view.roadmap?.milestones[0]?.id,
    title: 'Pagar el IVA',
    due_date: '2026-12-01',
  });
  await expect
    .poll(() => smtp?.received.length, { timeout: 120_000, interval: 250 })
    .toBeGreaterThanOrEqual(2);
  // SIGTERM lets the mail job finish: it marks the e-mail sent once the server has accepted it.
  second.child.kill('SIGTERM');
  expect(await exitOf(second.child)).toBe(0);
  expect(smtp.received.map((mail) => mail.subject)).toEqual([
    'Mañana vence una tarea de Idea de prueba',
    'Tarea vencida en Idea de prueba',
  ]);
  const after = await rows();
  expect(after.map((row) => row.mail_state)).toEqual(['sent', 'sent']);
  // The sweeper's pass (every 5 s in a running process) finds nothing more to send.
  const handed: NotificationMailData[] = [];
  await withDatabase((db) => sweepNotificationMails(db, async (data) => void handed.push(data)));
  expect(handed).toEqual([]);
}, 360_000);

import type { NotificationPage } from '@rumbo/contract';
import { createLogger } from '../logger.ts';
import type { Mail } from '../modules/mail/mailer.ts';
import { notificationMailJob, sweepNotificationMails } from '../modules/notifications/mail-job.ts';
import type { TestApp } from './app.ts';
import { roadmapCalls, viewOf } from './roadmap-test-kit.ts';

/** The notifications' calls, the schedule's round and its mails, as the tests drive them (ADR 0056). */
export function notificationKit(t: TestApp) {
  const send = (cookie: string, method: string, path: string, body?: unknown) =>
    t.request(path, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const mails: Mail[] = [];
  const job = notificationMailJob({
    db: t.database.db,
    mailer: { send: async (mail) => void mails.push(mail) },
    logger: createLogger('silent'),
    publicUrl: 'http://localhost:3000',
    productName: 'Rumbo',
    secret: 'test-secret-test-secret-test-secret-0123',
  });
  const roadmap = roadmapCalls(t);
  return {
    send,
    mails,
    list: async (cookie: string, query = '') =>
      (await (await send(cookie, 'GET', `/api/notifications${query}`)).json()) as NotificationPage,
    /** What the sweeper and the mail job do in a worker, once. */
    deliver: () => sweepNotificationMails(t.database.db, (data) => job.handle(data)),
    /** A roadmap with one task due on `dueDate`. */
    async taskDue(cookie: string, businessId: number, dueDate: string, title = 'Llamar a la gestoría') {
      const read = await viewOf(await roadmap.read(cookie, businessId));
      const view = read.roadmap ? read : await viewOf(await roadmap.create(cookie, businessId));
      const milestone = view.roadmap?.milestones[0]?.id ?? 0;
      const res = await roadmap.addTask(cookie, businessId, {
        milestone_id: milestone,
        title,
        due_date: dueDate,
      });
      if (res.status !== 200) throw new Error(`task not added: ${res.status}`);
    },
  };
}

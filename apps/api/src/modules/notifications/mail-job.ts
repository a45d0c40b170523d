import { type NotificationKind, TOPIC_OF_KIND } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { digestMail, type NotificationLine, notificationMail } from '../mail/notification-mails.es.ts';
import { unsubscribeLinks } from '../mail/unsubscribe.ts';

/** The pg-boss queue of the notifications' e-mails (ADR 0056): one notification, or one digest. */
export const NOTIFICATION_MAIL_JOB = 'notification-mail';

/** A mail taken by a worker that has not said 'sent' after this long is taken again (its sender died). */
export const NOTIFICATION_MAIL_RETRY_AFTER_S = 120;
/** A due mail handed to the queue is handed again after this long (its job was lost, or its send failed). */
const RESEND_AFTER_S = 30;

export type NotificationMailData = { notificationId: number } | { userId: number; digestKey: string };

export interface NotificationMailDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  productName: string;
  secret: string;
}

interface Row {
  id: number;
  user_id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  email: string;
  full_name: string;
  product_mail: boolean;
}

const stale = sql`make_interval(secs => ${NOTIFICATION_MAIL_RETRY_AFTER_S})`;

/** The address an e-mail's button opens: the app's page, which records the opening and marks it read. */
const openHref = (publicUrl: string, row: Row) =>
  `${publicUrl}${row.link}${row.link.includes('?') ? '&' : '?'}notificacion=${row.id}`;

async function settle(db: Db, ids: number[], state: 'sent' | 'skipped' | 'due') {
  if (ids.length === 0) return;
  await db.execute(
    sql`update notifications set mail_state = ${state}, mail_at = now()
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and mail_state = 'sending'`,
  );
}

/**
 * Takes the mail for this worker with one conditional update — a due one, or one whose sender died —
 * so a duplicate job, or a second process, gets nothing. A user or business deleted meanwhile took its
 * notifications with it: nothing to take.
 */
async function claimOne(db: Db, id: number): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`update notifications n set mail_state = 'sending', mail_at = now()
      from users u where n.id = ${id} and u.id = n.user_id and u.is_active
        and (n.mail_state = 'due' or (n.mail_state = 'sending' and n.digest_key is null and n.mail_at < now() - ${stale}))
      returning n.id, n.user_id, n.kind, n.title, n.body, n.link, u.email, u.full_name, u.product_mail`,
  );
}

async function claimDigest(db: Db, userId: number, key: string): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`update notifications n set mail_state = 'sending', mail_at = now()
      from users u where n.user_id = ${userId} and u.id = n.user_id and u.is_active and n.digest_key = ${key}
        and (n.mail_state = 'digest' or (n.mail_state = 'sending' and n.mail_at < now() - ${stale}))
      returning n.id, n.user_id, n.kind, n.title, n.body, n.link, u.email, u.full_name, u.product_mail`,
  );
}

/**
 * The `notification-mail` job: takes the mail, sends it through the mailer with a Message-ID of its own
 * (the same if a crash makes it go again), and marks it sent. A failed send is due again (30 s later).
 */
export function notificationMailJob(deps: NotificationMailDeps): JobDefinition<NotificationMailData> {
  const host = new URL(deps.publicUrl).hostname;
  return {
    name: NOTIFICATION_MAIL_JOB,
    pollingIntervalSeconds: 1,
    options: { name: NOTIFICATION_MAIL_JOB, retryLimit: 0 },
    async handle(data) {
      const digest = 'digestKey' in data;
      const rows = digest
        ? await claimDigest(deps.db, data.userId, data.digestKey)
        : await claimOne(deps.db, data.notificationId);
      const [first] = rows;
      if (!first) return;
      const ids = rows.map((row) => row.id);
      if (!first.product_mail) {
        await settle(deps.db, ids, 'skipped');
        return;
      }
      const recipient = (topic: Parameters<typeof unsubscribeLinks>[3]) => ({
        to: first.email,
        name: first.full_name,
        productName: deps.productName,
        unsubscribe: unsubscribeLinks(deps.publicUrl, deps.secret, first.user_id, topic),
      });
      const line = (row: Row): NotificationLine => ({
        title: row.title,
        body: row.body,
        href: openHref(deps.publicUrl, row),
      });
      try {
        if ('digestKey' in data) {
          const mail = await digestMail(recipient(null), {
            weekly: data.digestKey.includes('-W'),
            items: [...rows].sort((a, b) => a.id - b.id).map(line),
            centreUrl: `${deps.publicUrl}/`,
          });
          await deps.mailer.send({
            ...mail,
            messageId: `<digest-${first.user_id}-${data.digestKey}@${host}>`,
          });
        } else {
          const mail = await notificationMail(recipient(TOPIC_OF_KIND[first.kind]), line(first));
          await deps.mailer.send({ ...mail, messageId: `<notification-${first.id}@${host}>` });
        }
      } catch (error) {
        deps.logger.warn({ err: error, ids }, 'notification mail not sent: tried again in 30 s');
        if (digest) {
          await deps.db.execute(
            sql`update notifications set mail_state = 'digest', mail_at = now()
              where id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )}) and mail_state = 'sending'`,
          );
        } else await settle(deps.db, ids, 'due');
        return;
      }
      await settle(deps.db, ids, 'sent');
    },
  };
}

/**
 * Hands the queue every mail that is due and not handed recently (or never), every digest whose period
 * came, and every mail whose sender died. Notifications older than two days are left alone.
 */
export async function sweepNotificationMails(
  db: Db,
  send: (data: NotificationMailData) => Promise<void>,
): Promise<void> {
  const single = await queryRows<{ id: number }>(
    db,
    sql`update notifications set mail_state = case when mail_state = 'sending' then mail_state else 'due' end,
        mail_at = case when mail_state = 'sending' then mail_at else now() end
      where created_at > now() - interval '2 days' and digest_key is null
        and ((mail_state = 'due' and (mail_at is null or mail_at < now() - make_interval(secs => ${RESEND_AFTER_S})))
          or (mail_state = 'sending' and mail_at < now() - ${stale}))
      returning id`,
  );
  for (const { id } of single) await send({ notificationId: id });
  const digests = await queryRows<{ user_id: number; digest_key: string }>(
    db,
    sql`select distinct user_id, digest_key from notifications
      where digest_key is not null and created_at > now() - interval '9 days'
        and ((mail_state = 'digest' and (mail_at is null or mail_at < now() - make_interval(secs => ${RESEND_AFTER_S})))
          or (mail_state = 'sending' and mail_at < now() - ${stale}))`,
  );
  for (const { user_id, digest_key } of digests) {
    await db.execute(
      sql`update notifications set mail_at = now()
        where user_id = ${user_id} and digest_key = ${digest_key} and mail_state = 'digest'`,
    );
    await send({ userId: user_id, digestKey: digest_key });
  }
}

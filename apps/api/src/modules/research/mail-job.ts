import type { ResearchMode } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { researchFailedMail, researchReadyMail } from '../mail/research-mails.es.ts';
import { unsubscribeLinks } from '../mail/unsubscribe.ts';
import { noticeResearchEnded } from '../notifications/research-notice.ts';

/** The pg-boss queue of the mails that tell a founder their study ended (ADR 0050). */
export const RESEARCH_MAIL_JOB = 'research-mail';

/**
 * A mail taken by a worker that has not said 'sent' after this long belongs to a process that died while
 * sending: it is sent again, with the same Message-ID.
 */
export const MAIL_RETRY_AFTER_S = 120;

export type SendResearchMailJob = (researchId: number) => Promise<void>;

export interface ResearchMailDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  productName: string;
  /** Signs the unsubscribe links (the auth secret). */
  secret: string;
}

interface MailRow {
  id: number;
  status: string;
  mode: ResearchMode | null;
  error: string | null;
  summary: string | null;
  partial: boolean;
  business_id: number;
  business_name: string;
  user_id: number;
  email: string;
  full_name: string;
  product_mail: boolean;
  plan_id: number;
}

/**
 * Takes the run's mail for this worker: one that is due, or one whose sender died mid-send. Every other
 * worker (a duplicate job, a second process) gets nothing, so a mail is sent once.
 */
async function claim(db: Db, researchId: number): Promise<MailRow | undefined> {
  const [row] = await queryRows<MailRow>(
    db,
    sql`update researches r set mail_state = 'sending', mail_at = now()
      from businesses b join users u on u.id = b.user_id
      where r.id = ${researchId} and b.id = r.business_id
        and (r.mail_state = 'due'
          or (r.mail_state = 'sending' and r.mail_at < now() - make_interval(secs => ${MAIL_RETRY_AFTER_S})))
      returning r.id, r.status, r.mode, r.error, r.summary, r.partial, b.id as business_id,
        b.name as business_name, u.id as user_id, u.email, u.full_name, u.product_mail, u.plan_id`,
  );
  return row;
}

async function settle(db: Db, researchId: number, state: 'sent' | 'skipped' | 'due') {
  await db.execute(
    sql`update researches set mail_state = ${state}, mail_at = now()
      where id = ${researchId} and mail_state = 'sending'`,
  );
}

/** The mail of an ended run, or null when it sends none (opted out; a scaffold researched nothing). */
async function compose(deps: ResearchMailDeps, run: MailRow) {
  // The centre's notice of the run, once (ADR 0056); its preferences say whether the mail goes now.
  const notice = await noticeResearchEnded(deps.db, {
    id: run.id,
    status: run.status,
    error: run.error,
    businessId: run.business_id,
    businessName: run.business_name,
    userId: run.user_id,
    planId: run.plan_id,
    productMail: run.product_mail,
  });
  if (!notice.mailNow) return null;
  const recipient = {
    to: run.email,
    name: run.full_name,
    productName: deps.productName,
    unsubscribe: unsubscribeLinks(deps.publicUrl, deps.secret, run.user_id),
  };
  const reportUrl = `${deps.publicUrl}/report/${run.business_id}`;
  if (run.status === 'completed' && (run.mode === 'web' || run.mode === 'model')) {
    return researchReadyMail(recipient, {
      businessName: run.business_name,
      mode: run.mode,
      summary: (run.summary ?? '').split('\n').filter((line) => line.trim() !== ''),
      reportUrl,
      partial: run.partial,
    });
  }
  if (run.status === 'failed') {
    return researchFailedMail(recipient, {
      businessName: run.business_name,
      reason: run.error ?? 'La investigación no pudo terminar.',
      reportUrl,
    });
  }
  return null;
}

/**
 * The `research-mail` job: takes the run's mail, sends it through the mailer (SMTP or the outbox), and
 * marks it sent. A failed send is due again (the watchdog sends it 30 s later); a process that dies
 * while sending leaves it 'sending', taken again after MAIL_RETRY_AFTER_S.
 */
export function researchMailJob(deps: ResearchMailDeps): JobDefinition<{ researchId: number }> {
  const host = new URL(deps.publicUrl).hostname;
  return {
    name: RESEARCH_MAIL_JOB,
    pollingIntervalSeconds: 1,
    options: { name: RESEARCH_MAIL_JOB, retryLimit: 0 },
    async handle({ researchId }) {
      const run = await claim(deps.db, researchId);
      if (!run) return;
      const mail = await compose(deps, run);
      if (!mail) {
        await settle(deps.db, researchId, 'skipped');
        return;
      }
      try {
        await deps.mailer.send({ ...mail, messageId: `<research-${run.id}-${run.status}@${host}>` });
      } catch (error) {
        deps.logger.warn({ err: error, researchId }, 'research mail not sent: tried again in 30 s');
        await settle(deps.db, researchId, 'due');
        return;
      }
      await settle(deps.db, researchId, 'sent');
    },
  };
}

/** A due mail is sent again after this long (its job was lost, or its send failed). */
export const MAIL_RESEND_AFTER_S = 30;

/**
 * The watchdog's pass over the mails (ADR 0050): each due one not sent for a while (or never), and each
 * one whose sender died, is handed to the queue. Runs that ended more than two days ago are left alone.
 */
export async function sweepResearchMails(db: Db, sendMail: SendResearchMailJob): Promise<void> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`update researches set mail_state = 'due', mail_at = now()
      where created_at > now() - interval '2 days'
        and ((mail_state = 'due'
            and (mail_at is null or mail_at < now() - make_interval(secs => ${MAIL_RESEND_AFTER_S})))
          or (mail_state = 'sending' and mail_at < now() - make_interval(secs => ${MAIL_RETRY_AFTER_S})))
      returning id`,
  );
  for (const { id } of due) await sendMail(id);
}

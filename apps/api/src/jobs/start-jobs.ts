import type { Assistant } from '../ai/assistant.ts';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { analyticsFromEnv } from '../modules/analytics/from-env.ts';
import { authSecret } from '../modules/auth/auth.ts';
import { createMailer, type Mailer } from '../modules/mail/mailer.ts';
import {
  NOTIFICATION_MAIL_JOB,
  notificationMailJob,
  sweepNotificationMails,
} from '../modules/notifications/mail-job.ts';
import { createResearchWorker } from '../modules/research/job.ts';
import { RESEARCH_MAIL_JOB, researchMailJob } from '../modules/research/mail-job.ts';
import { RESEARCH_JOB } from '../modules/research/start-research.ts';
import { startResearchWatchdog } from '../modules/research/watchdog.ts';
import { createPageFetcher } from '../modules/research/web/fetch-page.ts';
import { createSearchClient } from '../modules/research/web/search.ts';
import { appJobs } from './index.ts';
import { type Queue, startQueue, stopQueue } from './queue.ts';

export interface RunningJobs {
  queue: Queue;
  /** Stops the research runs in progress (handed back to resume later), the watchdog, then the queue. */
  stop(): Promise<void>;
}

/**
 * Starts the job queue on the app's database and, in a process that works jobs, the research worker
 * and its watchdog (npm start with PGlite, and `npm run worker`).
 */
export async function startJobs(
  env: Env,
  database: Database,
  logger: Logger,
  assistant: Assistant,
  options: { work: boolean; mailer?: Mailer },
): Promise<RunningJobs> {
  const analytics = analyticsFromEnv(env, database.db, logger);
  const research = createResearchWorker({
    db: database.db,
    assistant,
    logger,
    search: createSearchClient(env),
    fetchPage: createPageFetcher({ allowLoopback: env.RESEARCH_ALLOW_LOOPBACK }),
    timeLimitMs: env.RESEARCH_TIME_LIMIT_S * 1000,
    concurrency: env.RESEARCH_CONCURRENCY,
    track: analytics.track,
  });
  const mailer = options.mailer ?? createMailer(env, logger);
  const notificationMail = notificationMailJob({
    db: database.db,
    mailer,
    logger,
    publicUrl: env.PUBLIC_URL,
    productName: env.PRODUCT_NAME,
    secret: authSecret(env),
  });
  const researchMail = researchMailJob({
    db: database.db,
    mailer,
    logger,
    publicUrl: env.PUBLIC_URL,
    productName: env.PRODUCT_NAME,
    secret: authSecret(env),
  });
  const queue = await startQueue(database, logger, {
    jobs: appJobs({
      db: database.db,
      research,
      researchMail,
      notificationMail,
      notifications: {
        cron: env.NOTIFICATIONS_CRON,
        now: () => (env.NOTIFICATIONS_CLOCK ? new Date(env.NOTIFICATIONS_CLOCK) : new Date()),
      },
      logger,
      analyticsRetentionDays: env.ANALYTICS_RETENTION_DAYS,
      adminEmails: env.ADMIN_EMAILS,
    }),
    work: options.work,
  });
  const stopWatchdog = options.work
    ? startResearchWatchdog(
        database.db,
        async (researchId) => {
          await queue.send(RESEARCH_JOB, { researchId });
        },
        logger,
        async (researchId) => {
          await queue.send(RESEARCH_MAIL_JOB, { researchId });
        },
      )
    : async () => {};
  const stopSweeper = options.work
    ? startNotificationSweeper(database, logger, async (data) => {
        await queue.send(NOTIFICATION_MAIL_JOB, data);
      })
    : async () => {};
  return {
    queue,
    async stop() {
      await stopSweeper();
      await stopWatchdog();
      await research.stop();
      await stopQueue(queue);
      await analytics.flush();
    },
  };
}

/** Every 5 s, the notifications' mails that are due (or whose sender died) go to the queue (ADR 0056). */
function startNotificationSweeper(
  database: Database,
  logger: Logger,
  send: Parameters<typeof sweepNotificationMails>[1],
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepNotificationMails(database.db, send)
      .catch((error) => logger.warn({ err: error }, 'notification mail sweep failed'))
      .finally(() => {
        running = null;
      });
  }, 5_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

import type { Db } from '../db/client.ts';
import { deleteOldWriteWindows } from '../lib/write-counters.ts';
import type { Logger } from '../logger.ts';
import { rollUpClosedDays } from '../modules/analytics/daily-rollup.ts';
import { deleteExpiredEvents } from '../modules/analytics/retention.ts';
import { deleteExpiredSignInCounters } from '../modules/auth/sign-in-lockout.ts';
import { deleteExpiredReservations } from '../modules/chats/send/send-reservations.ts';
import type { NotificationMailData } from '../modules/notifications/mail-job.ts';
import { NOTIFICATION_ROUND_JOB, runNotificationRound } from '../modules/notifications/round.ts';
import type { ResearchWorker } from '../modules/research/job.ts';
import type { JobDefinition } from './queue.ts';

export interface JobDeps {
  db: Db;
  research: ResearchWorker;
  /** Tells a founder their market study is ready, or that it failed (ADR 0050). */
  researchMail: JobDefinition<{ researchId: number }>;
  /** The notifications' e-mails, one or a digest (ADR 0056). */
  notificationMail: JobDefinition<NotificationMailData>;
  /** The notifications' round: when (cron) and what it takes as now (tests set a clock). */
  notifications: { cron: string; now: () => Date };
  logger: Logger;
  analyticsRetentionDays: number;
  /** ADMIN_EMAILS: the operators, left out of the console's daily counts. */
  adminEmails: readonly string[];
}

/** Every background job the app runs. Features add theirs here. */
export function appJobs(deps: JobDeps): JobDefinition[] {
  return [
    {
      // Rows that only limit requests in flight or recent: send reservations of requests that died, and
      // the counters of write and sign-in windows that are over.
      name: 'request-limits-cleanup',
      schedule: '*/10 * * * *',
      handle: async () => {
        await deleteExpiredReservations(deps.db);
        await deleteOldWriteWindows(deps.db);
        await deleteExpiredSignInCounters(deps.db);
      },
    },
    {
      // Privacy (ADR 0017): events older than ANALYTICS_RETENTION_DAYS go, with their daily counts.
      name: 'analytics-retention',
      schedule: '17 3 * * *',
      handle: async () => {
        await deleteExpiredEvents(deps.db, deps.analyticsRetentionDays);
      },
    },
    {
      // The console's daily counts of closed days (the current day is counted live).
      name: 'analytics-daily-rollup',
      schedule: '*/10 * * * *',
      handle: async () => {
        await rollUpClosedDays(deps.db, deps.adminEmails);
      },
    },
    {
      // 'Notificaciones inteligentes' (ADR 0056): hourly, each user's morning in their time zone.
      name: NOTIFICATION_ROUND_JOB,
      schedule: deps.notifications.cron,
      handle: async () => {
        await runNotificationRound(deps.db, deps.logger, deps.notifications.now());
      },
    },
    deps.notificationMail as JobDefinition,
    deps.research.job as JobDefinition,
    deps.researchMail as JobDefinition,
  ];
}

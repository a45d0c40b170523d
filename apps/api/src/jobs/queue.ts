import PgBoss from 'pg-boss';
import { withAdvisoryLock } from '../db/advisory-lock.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';

/** A durable background job: its queue name and what a worker does with one job's data. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handle(data: T): Promise<void>;
  options?: PgBoss.Queue;
  /** A cron expression: the job is also sent on this schedule (once across all processes). */
  schedule?: string;
  /** Jobs of this queue one process works at once (1 by default). */
  concurrency?: number;
  /** How often an idle worker looks for work (pg-boss's default is 2 s). */
  pollingIntervalSeconds?: number;
}

export type Queue = PgBoss;

export interface QueueOptions {
  jobs: JobDefinition[];
  /** False for a web process that only sends jobs while separate workers run them. */
  work: boolean;
}

/**
 * Starts pg-boss on the app's own database: through the PGlite executor in one process, or with
 * its own pool on PostgreSQL (where `npm run worker` processes can share the load).
 */
export async function startQueue(database: Database, logger: Logger, options: QueueOptions): Promise<Queue> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: database.executor as PgBoss.Db, schema: 'pgboss' })
      : new PgBoss({ connectionString: database.connectionString, schema: 'pgboss', max: 5 });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await oneProcessAtATime(database, async () => {
    // pg-boss's start creates queues of its own (its cron's): inside the lock too, or it deadlocks with
    // another process creating the app's.
    await boss.start();
    // Schedules live in the database: one of a job the app no longer has would send jobs nobody works.
    for (const { name } of await boss.getSchedules()) {
      if (!options.jobs.some((job) => job.name === name && job.schedule)) await boss.unschedule(name);
    }
    for (const job of options.jobs) {
      await boss.createQueue(job.name, { name: job.name, ...job.options });
      if (job.schedule) await boss.schedule(job.name, job.schedule);
    }
  });
  if (!options.work) return boss;
  for (const job of options.jobs) {
    const workOptions = { batchSize: 1, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 };
    for (let worker = 0; worker < (job.concurrency ?? 1); worker++) {
      await boss.work(job.name, workOptions, async (batch) => {
        for (const item of batch) await job.handle(item.data as object);
      });
    }
  }
  return boss;
}

/**
 * Runs `setup` while no other process runs its own: two processes creating pg-boss queues at once (several
 * app processes and workers starting together on a new database) deadlock in PostgreSQL and one of them
 * exits. An advisory lock held on a connection of its own serialises them;
 * the later ones find the queues there. PGlite has one process.
 */
async function oneProcessAtATime(database: Database, setup: () => Promise<void>): Promise<void> {
  if (database.kind === 'pglite') return setup();
  await withAdvisoryLock(database.connectionString, 'rumbo:job-queues', setup);
}

/** Lets running jobs finish (up to `timeoutMs`) and stops polling. */
export async function stopQueue(boss: Queue, timeoutMs = 10_000): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
}

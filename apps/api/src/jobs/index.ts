import type { Db } from '../db/client.ts';
import { deleteOldWriteWindows } from '../http/write-limits.ts';
import { deleteExpiredSignInCounters } from '../modules/auth/sign-in-lockout.ts';
import { deleteExpiredReservations } from '../modules/chats/send-reservations.ts';
import type { ResearchWorker } from '../modules/research/job.ts';
import type { JobDefinition } from './queue.ts';

export interface JobDeps {
  db: Db;
  research: ResearchWorker;
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
    deps.research.job as JobDefinition,
  ];
}

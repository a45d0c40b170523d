import type { Db } from '../db/client.ts';
import { failStaleGenerations } from '../modules/chats/engine.ts';
import type { JobDefinition } from './queue.ts';

export interface JobDeps {
  db: Db;
}

/** Every background job the app runs. Features add theirs here. */
export function appJobs(deps: JobDeps): JobDefinition[] {
  return [
    {
      // Answers left running by a process that died: failed and refunded (also done when a chat is read).
      name: 'chat-stale-generations',
      schedule: '* * * * *',
      handle: async () => {
        await failStaleGenerations(deps.db);
      },
    },
  ];
}

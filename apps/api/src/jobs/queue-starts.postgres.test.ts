import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabaseLocation, type TestDatabaseLocation } from '../test/database.ts';
import { type JobDefinition, startQueue, stopQueue } from './queue.ts';

// Only a PostgreSQL server sees processes start together (the pglite run excludes this file).
const logger = createLogger('silent');
let location: TestDatabaseLocation | undefined;

afterAll(async () => {
  await location?.drop();
});

it('lets app processes and workers start together on a new database', async () => {
  location = await createTestDatabaseLocation();
  const { config } = location;
  const jobs: JobDefinition[] = ['first', 'second', 'third'].map((name) => ({
    name,
    schedule: '0 4 * * *',
    handle: async () => {},
  }));
  const databases = await Promise.all([1, 2, 3].map(() => openDatabase(config)));
  try {
    await Promise.all(databases.map((database) => applyMigrations(database)));
    // Without the setup lock, pg-boss's createQueue deadlocked here and a process exited.
    const queues = await Promise.all(
      databases.map((database, i) => startQueue(database, logger, { jobs, work: i > 0 })),
    );
    const [sender] = queues;
    // pg-boss keeps queues of its own (`__pgboss__…`) next to the app's.
    const names = (await sender?.getQueues())
      ?.map((queue) => queue.name)
      .filter((name) => !name.startsWith('__'));
    expect(names?.sort()).toEqual(['first', 'second', 'third']);
    const schedules = (await sender?.getSchedules())?.map((schedule) => schedule.name);
    expect(schedules?.sort()).toEqual(['first', 'second', 'third']);
    await Promise.all(queues.map((queue) => stopQueue(queue)));
  } finally {
    await Promise.all(databases.map((database) => database.close()));
  }
});

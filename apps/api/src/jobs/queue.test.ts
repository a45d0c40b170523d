import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { createTestDatabaseLocation, type TestDatabaseLocation } from '../test/database.ts';
import { type JobDefinition, startQueue, stopQueue } from './queue.ts';

const logger = createLogger('silent');
let location: TestDatabaseLocation;

afterAll(async () => {
  await location?.drop();
});

describe('the job queue', () => {
  it('runs a job that was sent before a restart once the app is back', async () => {
    location = await createTestDatabaseLocation();
    const received: Array<{ greeting: string }> = [];
    const job: JobDefinition<{ greeting: string }> = {
      name: 'restart-proof',
      handle: async (data) => {
        received.push(data);
      },
    };

    // First run: a web process that only sends (no worker), then stops.
    const before = await openDatabase(location.config);
    await applyMigrations(before);
    const sender = await startQueue(before, logger, { jobs: [job], work: false });
    await sender.send(job.name, { greeting: 'hola' });
    await stopQueue(sender);
    await before.close();
    expect(received).toEqual([]);

    // Second run on the same database, now working: the job is still there and runs.
    const after = await openDatabase(location.config);
    const worker = await startQueue(after, logger, { jobs: [job], work: true });
    await expect.poll(() => received, { timeout: 15_000, interval: 100 }).toEqual([{ greeting: 'hola' }]);
    await stopQueue(worker);
    await after.close();
  });

  it('drops the schedule of a job the app no longer has', async () => {
    const dropped = await createTestDatabaseLocation();
    const database = await openDatabase(dropped.config);
    try {
      await applyMigrations(database);
      const job = (name: string): JobDefinition => ({ name, schedule: '0 4 * * *', handle: async () => {} });
      const first = await startQueue(database, logger, {
        jobs: [job('old-job'), job('kept-job')],
        work: false,
      });
      await stopQueue(first);
      const second = await startQueue(database, logger, { jobs: [job('kept-job')], work: false });
      expect((await second.getSchedules()).map((s) => s.name)).toEqual(['kept-job']);
      await stopQueue(second);
    } finally {
      await database.close();
      await dropped.drop();
    }
  });
});

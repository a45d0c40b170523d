/**
 * `npm run worker`: runs background jobs without serving HTTP, to scale jobs apart from web
 * processes. PGlite belongs to one process, so this needs DATABASE_URL (PostgreSQL); with PGlite
 * the server runs the jobs itself.
 */

import { createAssistant } from './ai/assistant.ts';
import { openDatabase } from './db/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { loadEnvOrExit } from './env.ts';
import { startJobs } from './jobs/start-jobs.ts';
import { createLogger } from './logger.ts';
import { logConfigurationSource } from './server.ts';

const env = loadEnvOrExit();
if (!env.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL (a PostgreSQL server): with the built-in PGlite database, npm start runs the jobs itself.',
  );
  process.exit(1);
}

const logger = createLogger(env.LOG_LEVEL);
logConfigurationSource(logger);
const database = await openDatabase({ url: env.DATABASE_URL });
await applyMigrations(database);
const jobs = await startJobs(env, database, logger, createAssistant(env, logger), { work: true });
logger.info('worker is ready');
logger.flush();

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    logger.info({ signal }, 'worker shutting down');
    await jobs.stop();
    await database.close();
    process.exit(0);
  });
}

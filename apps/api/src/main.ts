/**
 * `npm start` (scripts/build.mjs has built the SPA and this server if they were missing or stale):
 * migrates, serves SPA and API on one port. With --api-only (`npm run dev`), serves the API alone while
 * Vite serves the SPA with hot reload.
 */
import { loadEnvOrExit } from './env.ts';
import { createLogger } from './logger.ts';
import { closeOnSignals, logConfigurationSource, startServer } from './server.ts';
import { WEB_DIST_DIR } from './web/build.ts';

const apiOnly = process.argv.includes('--api-only');
const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL);
logConfigurationSource(logger);
const server = await startServer(env, logger, { webDistDir: apiOnly ? undefined : WEB_DIST_DIR });
logger.info({ url: server.url, database: server.database.kind }, `Rumbo is ready at ${server.url}`);
// Whoever started the server may be waiting for that line.
logger.flush();
closeOnSignals(server, logger);

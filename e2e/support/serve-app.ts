/**
 * Rumbo alone, configured by its environment like `npm start` but serving the build in E2E_WEB_DIST:
 * for a journey that needs a second server with another configuration (addresses.spec.ts runs one
 * without PUBLIC_URL). Prints one line once it listens.
 */
import { loadEnvOrExit } from '../../apps/api/src/env.ts';
import { createLogger } from '../../apps/api/src/logger.ts';
import { closeOnSignals, startServer } from '../../apps/api/src/server.ts';
import { WEB_DIST_DIR } from '../../apps/api/src/web/build.ts';

const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL);
const server = await startServer(env, logger, { webDistDir: process.env.E2E_WEB_DIST ?? WEB_DIST_DIR });
console.log(`ready at ${server.url}`);
closeOnSignals(server, logger);

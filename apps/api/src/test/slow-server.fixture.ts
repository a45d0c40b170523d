/**
 * A real server process with one deliberately slow route, for the graceful-shutdown test.
 * Prints the ready line like main.ts does.
 */
import { loadEnvOrExit } from '../env.ts';
import { createLogger } from '../logger.ts';
import { closeOnSignals, startServer } from '../server.ts';

const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL);
const server = await startServer(env, logger, {
  extendApp: (app) => {
    app.get('/slow', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return c.text('slow answer complete');
    });
  },
});
logger.info({ url: server.url }, 'ready');
logger.flush();
closeOnSignals(server, logger);

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import { createAssistant } from './ai/assistant.ts';
import { createApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { type Env, envFileRead } from './env.ts';
import type { AppEnv } from './http/context.ts';
import { serveMetricsPort } from './http/metrics.ts';
import type { Queue } from './jobs/queue.ts';
import { startJobs } from './jobs/start-jobs.ts';
import type { Logger } from './logger.ts';
import { serveControlSocket } from './ops/control-socket.ts';

const LISTEN_BACKLOG = 4_096;
const KEEP_ALIVE_MS = 30_000;

export interface RunningServer {
  url: string;
  database: Database;
  queue: Queue;
  /** Stops accepting connections, lets in-flight requests finish, stops the queue, closes the database. */
  close(): Promise<void>;
}

export interface ServerOptions {
  webDistDir?: string;
  /** Lets a test add routes (a deliberately slow one, say) before the server listens. */
  extendApp?: (app: Hono<AppEnv>) => void;
}

export function databaseConfig(env: Env) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  return {
    dataDir: env.DATA_DIR,
    pgliteMemory: { sharedBuffers: env.PGLITE_SHARED_BUFFERS, workMem: env.PGLITE_WORK_MEM },
  };
}

export async function startServer(
  env: Env,
  logger: Logger,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const database = await openDatabase(databaseConfig(env));
  await applyMigrations(database);
  const assistant = createAssistant(env, logger);
  const jobs = await startJobs(env, database, logger, assistant, { work: true });
  const { queue } = jobs;
  const app = createApp({ env, database, logger, assistant, queue, webDistDir: options.webDistDir });
  options.extendApp?.(app);
  // PGlite belongs to this process: `npm run backup` asks it for a snapshot through this socket.
  const closeControl = env.DATABASE_URL
    ? undefined
    : await serveControlSocket(env.DATA_DIR, database, logger);
  const metricsPort =
    env.METRICS_PORT === undefined
      ? undefined
      : await serveMetricsPort(env.METRICS_PORT, env.HOST, { db: database.db, queue });

  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  // Streamed chat answers keep many connections open: a long accept queue keeps a burst of new ones
  // from being dropped and retried a second later by the client's TCP stack (ADR 0010).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;
  await new Promise<void>((resolve) =>
    server.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG }, resolve),
  );
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      app.beginShutdown();
      await new Promise<void>((resolve) => {
        // Keep-alive connections go idle as their last response ends: close each as soon as it does.
        const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(idleSweep);
          resolve();
        });
      });
      // Answers whose client went away may still be running: let them end and be stored.
      await app.shutdown();
      await jobs.stop();
      await metricsPort?.close();
      await closeControl?.();
      await database.close();
    })();
    return closing;
  };
  return { url: `http://localhost:${port}`, database, queue, close };
}

const SHUTDOWN_TIMEOUT_MS = 30_000;

/** SIGTERM/SIGINT: finish in-flight requests, stop the queue, close the database, exit 0. */
export function closeOnSignals(server: RunningServer, logger: Logger): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // Ctrl+C reaches the server twice under a launcher that forwards it too (npm, scripts/demo.mjs): the
    // second one must not kill it in the middle of its shutdown.
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down: finishing in-flight requests');
      // A request that never ends must not keep the process alive for ever.
      setTimeout(() => {
        logger.error('shutdown timed out');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS).unref();
      await server.close();
      logger.info('stopped');
      process.exit(0);
    });
  }
}

/** The start-up line that says where the configuration came from: a `.env` file, or the environment alone. */
export function logConfigurationSource(logger: Logger): void {
  const envFile = envFileRead();
  logger.info(
    { envFile: envFile ?? null },
    envFile
      ? `configuration read from ${envFile} and the environment`
      : 'configuration read from the environment (no .env file)',
  );
}

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';

/**
 * PGlite belongs to the one process that opened it: a backup taken while the app runs must ask that
 * process for the snapshot. The server listens on this socket in $DATA_DIR (ADR 0036), which only who
 * can read the database's own files can reach; `npm run backup` asks it for the data directory's
 * tarball. PostgreSQL needs none of this: pg_dump takes a consistent snapshot of a live database.
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

export const DUMP_PATH = '/database-dump';

/** The running server's process id, beside its socket: a backup must never open the database under it. */
function pidFilePath(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

/** Serves the database's snapshot on the control socket; resolves with its closer (undefined if it failed). */
export async function serveControlSocket(
  dataDir: string,
  database: Database,
  logger: Logger,
): Promise<(() => Promise<void>) | undefined> {
  const dump = database.dump;
  if (!dump) return undefined;
  const pidFile = pidFilePath(dataDir);
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  const removePidFile = () => fs.rmSync(pidFile, { force: true });
  const socket = controlSocketPath(dataDir);
  // One left by a process that died: nobody listens on it any more.
  fs.rmSync(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== DUMP_PATH) {
      res.writeHead(404).end();
      return;
    }
    dump().then(
      (bytes) => res.writeHead(200, { 'content-type': 'application/gzip' }).end(bytes),
      (error: Error) => {
        logger.error({ err: error }, 'backup: the database snapshot failed');
        res.writeHead(500).end(error.message);
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
  } catch (error) {
    logger.warn(
      { err: error, socket },
      'no control socket: `npm run backup` cannot snapshot this running server',
    );
    return async () => removePidFile();
  }
  fs.chmodSync(socket, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }).finally(removePidFile);
}

/**
 * The snapshot from the server running on `dataDir`, or undefined when none is running there (no socket,
 * or one nobody listens on).
 */
export function dumpFromRunningServer(dataDir: string): Promise<Uint8Array | undefined> {
  const socket = controlSocketPath(dataDir);
  if (!fs.existsSync(socket)) return Promise.resolve().then(() => noServerRunning(dataDir));
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath: socket, path: DUMP_PATH }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(new Uint8Array(body));
        else reject(new Error(`the running server could not take the snapshot: ${body.toString('utf8')}`));
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') {
        try {
          resolve(noServerRunning(dataDir));
        } catch (running) {
          reject(running);
        }
      } else reject(error);
    });
  });
}

/**
 * Undefined when no server runs on `dataDir`; throws when one does but cannot be asked (its socket could
 * not be created): opening the database beside it would copy files it is writing.
 */
function noServerRunning(dataDir: string): undefined {
  const pidFile = pidFilePath(dataDir);
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  try {
    process.kill(pid, 0);
  } catch {
    // That process has ended (a crash left its file behind).
    return undefined;
  }
  throw new Error(
    `a server (process ${pid}) runs on ${dataDir} but does not answer on ${controlSocketPath(dataDir)}: ` +
      `stop it and back up again (or remove ${pidFile} if that process is not Rumbo)`,
  );
}

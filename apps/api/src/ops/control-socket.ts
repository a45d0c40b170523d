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

/** Serves the database's snapshot on the control socket; resolves with its closer (undefined if it failed). */
export async function serveControlSocket(
  dataDir: string,
  database: Database,
  logger: Logger,
): Promise<(() => Promise<void>) | undefined> {
  const dump = database.dump;
  if (!dump) return undefined;
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
    return undefined;
  }
  fs.chmodSync(socket, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * The snapshot from the server running on `dataDir`, or undefined when none is running there (no socket,
 * or one nobody listens on).
 */
export function dumpFromRunningServer(dataDir: string): Promise<Uint8Array | undefined> {
  const socket = controlSocketPath(dataDir);
  if (!fs.existsSync(socket)) return Promise.resolve(undefined);
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
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
  });
}

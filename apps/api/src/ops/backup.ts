import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { openDatabase } from '../db/client.ts';
import type { Env } from '../env.ts';
import { dumpFromRunningServer } from './control-socket.ts';

/**
 * `npm run backup -- <file>` (ADR 0036): one tar file with a consistent snapshot of the database and the
 * local files, taken while the app runs.
 *
 * - `manifest.json`: what the backup holds.
 * - `database.tar.gz` (PGlite: its data directory, as PGlite dumps it, asked of the running server through
 *   the control socket, or opened here when no server runs) or `database.pgdump` (PostgreSQL: `pg_dump`'s
 *   custom format, a snapshot of the live database).
 * - `files/…`: $DATA_DIR/files, the uploaded logos and attachments, unless they live in S3 (STORAGE_URL),
 *   whose own versioning or replication keeps them; and `auth-secret`, the generated session secret
 *   that also encrypts the two-factor keys, when BETTER_AUTH_SECRET does not set it.
 *
 * The database is taken first: a file is written before the row that names it and deleted after it, so
 * every file a row of the snapshot names is in the files copied after it.
 */

export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 1;

export interface Manifest {
  format: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  database: string;
  /** `local`: in the backup's files/; `s3`: in the bucket STORAGE_URL names, not in the backup. */
  files: 'local' | 's3';
  storageUrl?: string;
}

export interface BackupResult {
  manifest: Manifest;
  files: number;
}

export async function createBackup(env: Env, file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-backup-'));
  try {
    const engine = env.DATABASE_URL ? 'postgres' : 'pglite';
    const database = engine === 'postgres' ? 'database.pgdump' : 'database.tar.gz';
    if (env.DATABASE_URL) await pgDump(env.DATABASE_URL, path.join(staging, database));
    else fs.writeFileSync(path.join(staging, database), await pgliteSnapshot(env.DATA_DIR));

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine,
      database,
      files: env.STORAGE_URL ? 's3' : 'local',
      ...(env.STORAGE_URL ? { storageUrl: `s3://${env.STORAGE_URL.bucket}/${env.STORAGE_URL.prefix}` } : {}),
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await tar.create({ file: partial, cwd: staging, portable: true }, [MANIFEST, database]);
    const local = ['files', 'auth-secret'].filter(
      (entry) => !(entry === 'files' && env.STORAGE_URL) && fs.existsSync(path.join(env.DATA_DIR, entry)),
    );
    let files = 0;
    if (local.length > 0) {
      await tar.replace(
        {
          file: partial,
          cwd: env.DATA_DIR,
          portable: true,
          filter: (entry, stat) => {
            if (entry.startsWith('files/') && 'isFile' in stat && stat.isFile()) files += 1;
            return true;
          },
        },
        local,
      );
    }
    fs.renameSync(partial, target);
    return { manifest, files };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** PGlite's data directory as a tarball: from the server running on it, or opened here when none runs. */
async function pgliteSnapshot(dataDir: string): Promise<Uint8Array> {
  const fromServer = await dumpFromRunningServer(dataDir);
  if (fromServer) return fromServer;
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) throw new Error(`There is no database in ${dataDir}`);
  const database = await openDatabase({ dataDir });
  try {
    return await (database.dump as () => Promise<Uint8Array>)();
  } finally {
    await database.close();
  }
}

function pgDump(url: string, file: string): Promise<void> {
  return run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
}

/** Runs a PostgreSQL client tool (its own stderr shown); rejects with a line that says how to get it. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client)`,
            )
          : error,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code})`)),
    );
  });
}

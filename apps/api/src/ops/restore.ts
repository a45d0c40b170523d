import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import type { Env } from '../env.ts';
import { BACKUP_FORMAT, MANIFEST, type Manifest, run } from './backup.ts';

/**
 * `npm run restore -- <file>` (ADR 0036): puts a backup of `npm run backup` back, into an empty DATA_DIR
 * (and, for a PostgreSQL backup, into the empty database DATABASE_URL names). It refuses to write over
 * anything: a restore never mixes two installations. Start the app afterwards; it applies any newer
 * migrations as at every start.
 */
export async function restoreBackup(env: Env, file: string): Promise<Manifest> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`There is no backup at ${source}`);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const staging = fs.mkdtempSync(path.join(env.DATA_DIR, '.restore-'));
  try {
    await tar.extract({ file: source, cwd: staging });
    const manifest = readManifest(staging);
    const pgliteDir = path.join(env.DATA_DIR, 'pglite');
    for (const entry of ['pglite', 'files', 'auth-secret']) {
      const existing = path.join(env.DATA_DIR, entry);
      if (
        fs.existsSync(existing) &&
        (!fs.statSync(existing).isDirectory() || fs.readdirSync(existing).length > 0)
      ) {
        throw new Error(`${env.DATA_DIR} is not empty (${entry}): restore into an empty DATA_DIR`);
      }
    }
    const dump = path.join(staging, manifest.database);
    if (manifest.engine === 'postgres') {
      if (!env.DATABASE_URL)
        throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to an empty one');
      await assertEmptyPostgres(env.DATABASE_URL);
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${env.DATABASE_URL}`,
        dump,
      ]);
    } else {
      if (env.DATABASE_URL)
        throw new Error('This backup is of the embedded database (PGlite): unset DATABASE_URL');
      const db = await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([fs.readFileSync(dump)]) });
      await db.close();
    }
    for (const entry of ['files', 'auth-secret']) {
      const restored = path.join(staging, entry);
      if (!fs.existsSync(restored)) continue;
      fs.rmSync(path.join(env.DATA_DIR, entry), { recursive: true, force: true });
      fs.renameSync(restored, path.join(env.DATA_DIR, entry));
    }
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(staging: string): Manifest {
  const file = path.join(staging, MANIFEST);
  if (!fs.existsSync(file)) throw new Error('This file is not a backup of npm run backup (no manifest.json)');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${manifest.format}`);
  return manifest;
}

/** Restoring onto tables that exist would fail half-way or mix data: the database must hold none. */
async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as tables from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0].tables > 0)
      throw new Error('The database DATABASE_URL names is not empty: restore into a new one');
  } finally {
    await client.end();
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openPgliteThread, type PgliteMemory, type PgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The SQL surface pg-boss needs (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite: its data directory as a gzipped tarball, a consistent snapshot (backups, ops/backup.ts). */
  dump?(): Promise<Uint8Array>;
  /** For pg-boss on PGlite; on PostgreSQL pg-boss opens its own pool from `connectionString`. */
  executor?: SqlExecutor;
  connectionString?: string;
}

export type DatabaseConfig =
  | { url: string }
  | { dataDir: string; pgliteMemory?: PgliteMemory }
  | { memory: true };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ('url' in config) return openPostgres(config.url);
  if (!('dataDir' in config)) return openPglite();
  const dataDir = path.join(config.dataDir, 'pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  return openPglite(dataDir, config.pgliteMemory);
}

/**
 * PGlite runs in a worker thread of its own (pglite-thread.ts): its statements run synchronously, and on
 * the server's thread they held up every request and every streamed answer.
 */
async function openPglite(dataDir?: string, memory?: PgliteMemory): Promise<Database> {
  const client = await openPgliteThread(dataDir, memory);
  // drizzle's PGlite driver uses only `query` and `transaction`, which the thread's client provides.
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    dump: () => client.dump(),
    executor: pgliteExecutor(client),
  };
}

/** pg-boss's SQL surface: parameterised statements, and scripts (BEGIN; ...; COMMIT) without parameters. */
function pgliteExecutor(client: PgliteThread): SqlExecutor {
  return {
    executeSql: (text, values) =>
      values && values.length > 0 ? client.query(text, values) : client.script(text),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    connectionString: url,
  };
}

/** Runs raw SQL and returns its rows (node-postgres and PGlite both answer with `rows`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// The db's own dialect has no casing rules either: it turns SQL into the same text and parameters.
const dialect = new PgDialect();

/**
 * `queryRows` for a large statement that runs for every answer: on PostgreSQL it becomes a named
 * statement, which each connection parses once instead of at every call (the send's store cost
 * PostgreSQL 0.3–0.5 ms of CPU per answer to parse and plan; docs/benchmarks.md). The name is
 * `name` plus a hash of the text, so that each variant of the statement gets its own. PGlite prepares
 * every statement once by its text anyway (pglite-worker.js).
 */
export async function queryRowsNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const hash = crypto.createHash('sha1').update(built.sql).digest('base64url').slice(0, 16);
  const statement = db._.session.prepareQuery(built, undefined, `${name}_${hash}`, false);
  const result = (await statement.execute()) as { rows: T[] };
  return result.rows;
}

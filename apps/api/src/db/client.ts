import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
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
  /** For pg-boss on PGlite; on PostgreSQL pg-boss opens its own pool from `connectionString`. */
  executor?: SqlExecutor;
  connectionString?: string;
}

export type DatabaseConfig = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ('url' in config) return openPostgres(config.url);
  let dataDir: string | undefined;
  if ('dataDir' in config) {
    dataDir = path.join(config.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  return openPglite(dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    executor: pgliteExecutor(client),
  };
}

/**
 * pg-boss sends multi-statement scripts (BEGIN; ...; COMMIT) without parameters: PGlite runs
 * those only through `exec`. A failed script may leave PGlite's single connection inside an
 * aborted transaction, so it is rolled back before the error goes on.
 */
function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        if (client.isInTransaction()) await client.exec('ROLLBACK');
        throw error;
      }
    },
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

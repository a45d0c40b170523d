import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { API_DIR } from '../paths.ts';
import { withAdvisoryLock } from './advisory-lock.ts';
import { type Database, queryRows } from './client.ts';

export const MIGRATIONS_FOLDER = path.join(API_DIR, 'drizzle');

/**
 * Applies the committed SQL migrations. On PostgreSQL several app processes may start at once,
 * so the run holds an advisory lock on its own connection: one migrates, the others wait and
 * then find nothing to do.
 */
export async function applyMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  await withAdvisoryLock(database.connectionString, 'rumbo:migrations', (client) =>
    migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
  );
}

/** The committed migrations (the journal drizzle-kit writes beside them). */
function committedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  return (journal.entries as unknown[]).length;
}

/**
 * How many committed migrations the database has not applied (readiness, http/readiness.ts). Drizzle
 * records each applied migration in drizzle.__drizzle_migrations, on both engines.
 */
export async function pendingMigrations(database: Database): Promise<number> {
  const [row] = await queryRows<{ applied: number | string }>(
    database.db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  return Math.max(0, committedMigrations() - Number(row?.applied ?? 0));
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { withAdvisoryLock } from './advisory-lock.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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

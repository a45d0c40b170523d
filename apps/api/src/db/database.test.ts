import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseLocation, testEngine } from '../test/database.ts';
import { openDatabase, queryRows } from './client.ts';
import { applyMigrations, MIGRATIONS_FOLDER } from './migrate.ts';
import { users } from './schema/index.ts';

describe('the database', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  // A fresh database runs every migration: tens of seconds when the machine runs other test files too.
  it('applies the committed migrations and keeps data across a restart', { timeout: 90_000 }, async () => {
    const location = await createTestDatabaseLocation();
    cleanups.push(location.drop);

    const first = await openDatabase(location.config);
    await applyMigrations(first);
    await first.db.insert(users).values({ username: 'ana', fullName: 'Ana Pérez', email: 'ana@example.com' });
    await first.close();

    const second = await openDatabase(location.config);
    await applyMigrations(second); // a second start finds nothing to apply
    const rows = await second.db.select().from(users).where(eq(users.username, 'ana'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullName: 'Ana Pérez', language: 'es', planId: -1, role: 'user' });
    await second.close();
  });

  // PGlite belongs to one process, so only a PostgreSQL server can see starts race.
  it.runIf(testEngine === 'postgres')('lets concurrent starts migrate once', async () => {
    const location = await createTestDatabaseLocation();
    cleanups.push(location.drop);
    const [first, ...others] = await Promise.all([1, 2, 3].map(() => openDatabase(location.config)));
    if (!first) throw new Error('no database');
    const processes = [first, ...others];
    await Promise.all(processes.map((p) => applyMigrations(p)));
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const [applied] = await queryRows<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied?.n).toBe(journal.entries.length);
    await Promise.all(processes.map((p) => p.close()));
  });
});

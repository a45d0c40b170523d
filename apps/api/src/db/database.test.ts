import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabaseLocation } from '../test/database.ts';
import { openDatabase } from './client.ts';
import { applyMigrations } from './migrate.ts';
import { users } from './schema/index.ts';

describe('the database', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('applies the committed migrations and keeps data across a restart', async () => {
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

  it('lets concurrent starts migrate once', async () => {
    const location = await createTestDatabaseLocation();
    cleanups.push(location.drop);
    if (!('url' in location.config)) return; // PGlite belongs to one process: nothing can race
    const processes = await Promise.all([1, 2, 3].map(() => openDatabase(location.config)));
    await Promise.all(processes.map((p) => applyMigrations(p)));
    const [check] = processes;
    await check?.db.insert(users).values({ username: 'luis', fullName: 'Luis', email: 'luis@example.com' });
    await Promise.all(processes.map((p) => p.close()));
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { createApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { cookiesOf } from '../test/app.ts';
import { createTestDatabaseLocation, type TestDatabaseLocation } from '../test/database.ts';
import {
  FIXTURE_PASSWORD,
  fixtureEmail,
  lostData,
  snapshotRows,
  writeFixture,
} from '../test/upgrade-fixture.ts';
import { type Database, openDatabase } from './client.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';

// Upgrades keep the data (ADR 0036): a database built by the migrations of an earlier state (the last
// tagged release, releases.json; while no migration was added since it, every migration but the newest),
// holding a realistic row in every table, takes the current migrations, keeps every row and value, and
// the app works on it. So every new migration is run over real data before it ships.

interface Journal {
  entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
}

const journal = JSON.parse(
  fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
) as Journal;
const releases = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'releases.json'), 'utf8')) as Record<
  string,
  string
>;

/** The migrations of the earlier state: those of the last release, or all but the newest if none came since. */
function earlierEntries(): Journal['entries'] {
  const lastRelease = Object.values(releases).at(-1);
  const released = journal.entries.findIndex((e) => e.tag === lastRelease);
  if (released >= 0 && released < journal.entries.length - 1) return journal.entries.slice(0, released + 1);
  return journal.entries.slice(0, -1);
}

const locations: TestDatabaseLocation[] = [];
const folders: string[] = [];
const databases: Database[] = [];
afterAll(async () => {
  for (const database of databases) await database.close().catch(() => {});
  for (const location of locations) await location.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A migrations folder holding `entries` (and extra migrations written by the test). */
function migrationsFolder(entries: Journal['entries'], extra: Record<string, string> = {}): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-migrations-'));
  folders.push(folder);
  fs.mkdirSync(path.join(folder, 'meta'));
  const all = [...entries];
  for (const [tag, text] of Object.entries(extra)) {
    all.push({ idx: all.length, version: '7', when: (all.at(-1)?.when ?? 0) + 1, tag, breakpoints: true });
    fs.writeFileSync(path.join(folder, `${tag}.sql`), text);
  }
  for (const entry of entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: all }));
  return folder;
}

async function migrateWith(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}

/** A new database at the earlier state, with the fixture written into every table. */
async function earlierDatabase(): Promise<Database> {
  const location = await createTestDatabaseLocation();
  locations.push(location);
  const database = await openDatabase(location.config);
  databases.push(database);
  await migrateWith(database, migrationsFolder(earlierEntries()));
  await writeFixture(database.db);
  return database;
}

test('the current migrations keep every row of a database from the earlier state, and the app works on it', {
  timeout: 120_000,
}, async () => {
  expect(earlierEntries().length).toBeLessThan(journal.entries.length);
  const database = await earlierDatabase();
  const before = await snapshotRows(database.db);
  // Rows in every table the earlier state has.
  for (const [table, rows] of Object.entries(before)) expect(rows.length, table).toBeGreaterThan(0);

  await migrateWith(database, MIGRATIONS_FOLDER);
  expect(lostData(before, await snapshotRows(database.db))).toEqual([]);

  // The app on the upgraded database: the fixture's user signs in and finds its business and chats.
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    BETTER_AUTH_SECRET: 'upgrade-secret-upgrade-secret-upgrade-0123',
  });
  const app = createApp({ env, database, logger: createLogger('silent') });
  const origin = { origin: 'http://localhost:3000', 'content-type': 'application/json' };
  const signIn = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: fixtureEmail(0), password: FIXTURE_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = cookiesOf(signIn);
  const businesses = (await (await app.request('/api/businesses', { headers: { cookie } })).json()) as Array<{
    id: number;
    name: string;
  }>;
  expect(businesses.map((b) => b.name)).toEqual(['Oliva Directa']);
  const chats = await app.request(`/api/businesses/${businesses[0]?.id}/chats`, { headers: { cookie } });
  expect(chats.status).toBe(200);
  expect(((await chats.json()) as unknown[]).length).toBeGreaterThan(0);
  await app.shutdown();
});

test('a migration that drops a column holding data fails the check', async () => {
  const database = await earlierDatabase();
  const before = await snapshotRows(database.db);
  await migrateWith(
    database,
    migrationsFolder(journal.entries, {
      '9999_test_drops_goal': 'ALTER TABLE "businesses" DROP COLUMN "goal";',
    }),
  );
  expect(lostData(before, await snapshotRows(database.db))).toContain(
    'column businesses.goal is gone with its data',
  );
});

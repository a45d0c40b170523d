import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { applyMigrations } from '../db/migrate.ts';
import { startTestHttpServer, type TestHttpServer } from '../test/http-server.ts';

// Readiness on PostgreSQL (ADR 0035): a database that does not exist (dropped under the running process)
// makes the process unready; once a database of that name answers, migrated, it is ready again.

let t: TestHttpServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

test('ready, then 503 naming the database while it does not exist, then ready once it answers again', async () => {
  t = await startTestHttpServer({}, { jobs: true });
  const server = t;
  const ready = async () => {
    const res = await server.fetch('/api/health/ready');
    return { status: res.status, body: await res.json() };
  };
  expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });

  const name = new URL(server.database.connectionString as string).pathname.slice(1);
  await admin(`drop database ${name} with (force)`);
  expect(await ready()).toEqual({ status: 503, body: { status: 'unavailable', missing: ['database'] } });

  await admin(`create database ${name}`);
  // A new, empty database answers but has no migrations.
  expect(await ready()).toEqual({ status: 503, body: { status: 'unavailable', missing: ['migrations'] } });
  await applyMigrations(server.database);
  expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, type DatabaseConfig, openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';

/**
 * The API suite runs once on PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL
 * (vitest projects set TEST_DB). Each test file gets a database of its own.
 */
export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabaseLocation {
  config: DatabaseConfig;
  /** Removes the database and everything in it. */
  drop(): Promise<void>;
}

/** A new empty database (a temp PGlite dir, or a new PostgreSQL database) that can be opened repeatedly. */
export async function createTestDatabaseLocation(): Promise<TestDatabaseLocation> {
  if (testEngine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-test-'));
    return { config: { dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `rumbo_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { url: url.toString() },
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends Database {
  /** Closes and removes the database. */
  dispose(): Promise<void>;
}

/** An open, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const location = await createTestDatabaseLocation();
  const database = await openDatabase(location.config);
  await applyMigrations(database);
  return {
    ...database,
    dispose: async () => {
      await database.close().catch(() => {});
      await location.drop();
    },
  };
}

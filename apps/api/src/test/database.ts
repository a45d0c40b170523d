import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, type DatabaseConfig, openDatabase } from '../db/client.ts';
import { withAdmin } from './database-admin.ts';

/**
 * The API suite runs once on PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL
 * (vitest projects set TEST_DB). Each test file gets a database of its own.
 */
export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** What the API projects' global setup (database-template.ts) provides: the run's migrated database. */
export const TEMPLATE_KEY = 'testDatabaseTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database to copy for each test file: a PGlite data directory or a PostgreSQL database's name. */
    [TEMPLATE_KEY]: string;
  }
}

/** The run's migrated database, read only inside Vitest (the benchmarks import this module's neighbours). */
async function template(): Promise<string> {
  const { inject } = await import('vitest');
  return inject(TEMPLATE_KEY);
}

export interface TestDatabaseLocation {
  config: DatabaseConfig;
  /** Removes the database and everything in it. */
  drop(): Promise<void>;
}

/**
 * A new database (a temp PGlite dir, or a new PostgreSQL database) that can be opened repeatedly: empty, or
 * `migrated` as a copy of the run's migrated template (database-template.ts).
 */
export async function createTestDatabaseLocation({ migrated = false } = {}): Promise<TestDatabaseLocation> {
  if (testEngine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-test-'));
    if (migrated) fs.cpSync(await template(), dataDir, { recursive: true });
    return { config: { dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `rumbo_test_${crypto.randomBytes(6).toString('hex')}`;
  const copy = migrated ? ` template ${await template()}` : '';
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}${copy}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { url: url.toString() },
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export interface TestDatabase extends Database {
  /** Closes and removes the database. */
  dispose(): Promise<void>;
}

/** An open, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const location = await createTestDatabaseLocation({ migrated: true });
  const database = await openDatabase(location.config);
  return {
    ...database,
    dispose: async () => {
      await database.close().catch(() => {});
      await location.drop();
    },
  };
}

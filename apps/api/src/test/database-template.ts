import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { TEMPLATE_KEY } from './database.ts';
import { withAdmin } from './database-admin.ts';

/**
 * The API projects' global setup: one database created and migrated for the whole run, which each test file
 * copies (a directory copy for PGlite, `CREATE DATABASE … TEMPLATE` for PostgreSQL) instead of running
 * PGlite's initdb and every migration again, which cost seconds per file. Tests of initdb and of the
 * migrations themselves open empty databases of their own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.TEST_DB === 'postgres') {
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `rumbo_template_${crypto.randomBytes(6).toString('hex')}`;
    await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await migrated({ url: url.toString() });
    project.provide(TEMPLATE_KEY, name);
    return async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-template-'));
  await migrated({ dataDir });
  project.provide(TEMPLATE_KEY, dataDir);
  return async () => fs.rmSync(dataDir, { recursive: true, force: true });
}

async function migrated(config: Parameters<typeof openDatabase>[0]): Promise<void> {
  const database = await openDatabase(config);
  try {
    await applyMigrations(database);
  } finally {
    await database.close();
  }
}

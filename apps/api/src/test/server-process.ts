import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createTestDatabaseLocation, type TestDatabaseLocation } from './database.ts';

/** Helpers for tests that run the server as a real process (start, signals, kill -9). */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `node --import tsx script` from the repository root, with only PATH and `env` in its environment. */
export function runScript(script: string, env: Record<string, string>, args: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Resolves with the `url` of the first JSON log line that has one (the ready line). */
export function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as { url?: string };
      if (entry.url) resolve(entry.url);
    });
    child.once('exit', () => reject(new Error('server exited before it was ready')));
  });
}

/**
 * A fresh database for server processes (DATA_DIR for PGlite or DATABASE_URL for PostgreSQL, as the
 * suite runs); `locations` collects it for the caller to drop.
 */
export async function databaseEnv(locations: TestDatabaseLocation[]): Promise<Record<string, string>> {
  const location = await createTestDatabaseLocation();
  locations.push(location);
  if ('url' in location.config) return { DATABASE_URL: location.config.url };
  if ('dataDir' in location.config) return { DATA_DIR: location.config.dataDir };
  throw new Error('a server process needs a database on disk or a server');
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

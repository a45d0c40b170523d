import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Db, openDatabase } from '../db/client.ts';
import { createTestDatabaseLocation, type TestDatabaseLocation } from './database.ts';

/** Helpers for tests that run the server as a real process (start, signals, kill -9). */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Node's own flags in `npm start` (package.json: `… && exec node <flags> apps/api/dist/main.js`): the
 * server's processes in the tests and the benchmarks run with them, as in production (ADR 0021). Not
 * `--enable-source-maps`: these run the sources, through tsx.
 */
export function startNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const words = String(manifest.scripts.start).split(/\s+/);
  return words
    .slice(words.lastIndexOf('node') + 1, words.indexOf('apps/api/dist/main.js'))
    .filter((flag) => flag !== '--enable-source-maps');
}

/**
 * `node <nodeFlags> --import tsx script` from the repository root, with only PATH and `env` in its
 * environment.
 */
export function runScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  nodeFlags: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    // A developer's own .env in the checkout must not reach the tests' servers (ENV_FILE: none here).
    env: {
      PATH: process.env.PATH ?? '',
      ENV_FILE: path.join(repoRoot, 'apps/api/src/test/no-such.env'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Resolves with the first JSON log line of `child` that `pick` maps to a value. */
function firstLogLine<T>(
  child: ChildProcess,
  pick: (entry: Record<string, unknown>) => T | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const picked = pick(JSON.parse(line) as Record<string, unknown>);
      if (picked !== undefined) resolve(picked);
    });
    child.once('exit', () => reject(new Error('the process exited before it was ready')));
  });
}

/** Resolves with the `url` of the first JSON log line that has one (the ready line). */
export function readyUrl(child: ChildProcess): Promise<string> {
  return firstLogLine(child, (entry) => (typeof entry.url === 'string' ? entry.url : undefined));
}

/** `npm run worker` in a process of its own (NODE_ENV=test) with `env`; resolves once it is ready. */
export async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = runScript('apps/api/src/worker.ts', { NODE_ENV: 'test', ...env });
  child.stderr?.resume();
  await firstLogLine(child, (entry) => (entry.msg === 'worker is ready' ? true : undefined));
  return child;
}

/**
 * A fresh database for server processes (DATA_DIR for PGlite or DATABASE_URL for PostgreSQL, as the
 * suite runs), already migrated as a restarted server finds it; `locations` collects it for the caller to
 * drop.
 */
export async function databaseEnv(locations: TestDatabaseLocation[]): Promise<Record<string, string>> {
  const location = await createTestDatabaseLocation({ migrated: true });
  locations.push(location);
  if ('url' in location.config) return { DATABASE_URL: location.config.url };
  if ('dataDir' in location.config) return { DATA_DIR: location.config.dataDir };
  throw new Error('a server process needs a database on disk or a server');
}

/**
 * Reads (or changes) the database `databaseEnv` made last, while no server process has it open (PGlite
 * allows one process at a time).
 */
export async function withProcessDatabase<T>(
  locations: TestDatabaseLocation[],
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const location = locations.at(-1);
  if (!location) throw new Error('no database');
  const database = await openDatabase(location.config);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ApiProcess {
  child: ChildProcess;
  base: string;
}

/**
 * `npm start --api-only` in a process of its own (NODE_ENV=test) on `port` or a free one, with `env`
 * added; resolves once it is ready. The caller kills it.
 */
export async function startApiProcess(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  const chosen = port ?? (await freePort());
  const base = `http://127.0.0.1:${chosen}`;
  const child = runScript(
    'apps/api/src/main.ts',
    {
      NODE_ENV: 'test',
      PORT: String(chosen),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      BETTER_AUTH_SECRET: 'server-process-secret-server-process-0123',
      ...env,
    },
    ['--api-only'],
    startNodeFlags(),
  );
  child.stderr?.resume();
  await readyUrl(child);
  // The ready line was read; the rest of the log is not needed but must not fill the pipe.
  child.stdout?.resume();
  return { child, base };
}

/** One call as the signed-in browser makes it; an error status throws. */
export async function apiCall(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A new user on `planId` (paid through the local test checkout) with one idea; its cookie and business. */
export async function paidOwner(base: string, planId: number, idea: object) {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: 'Ana Caída',
      email: `process-${crypto.randomUUID()}@example.com`,
      password: 'contraseña-segura',
    }),
  });
  if (!signUp.ok) throw new Error(`POST /api/auth/sign-up/email: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const checkout = (await (
    await apiCall(base, cookie, 'POST', '/api/subscriptions', {
      plan_id: planId,
      success_url: `${base}/stripe_success`,
      cancel_url: `${base}/stripe_cancel`,
    })
  ).json()) as { url: string };
  await apiCall(base, cookie, 'POST', `${new URL(checkout.url, base).pathname}/pay`);
  const business = (await (await apiCall(base, cookie, 'POST', '/api/businesses/ideas', idea)).json()) as {
    id: number;
  };
  return { cookie, businessId: business.id };
}

/** Resident memory of a process in bytes, read from outside it in /proc (Linux); NaN once it is gone. */
export function residentBytes(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
  } catch {
    return Number.NaN;
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestDatabaseLocation } from './test/database.ts';
import {
  exitOf,
  databaseEnv as freshDatabaseEnv,
  readyUrl,
  repoRoot,
  runScript as run,
} from './test/server-process.ts';

const locations: TestDatabaseLocation[] = [];

afterAll(async () => {
  for (const location of locations) await location.drop();
});

function npmStart(env: Record<string, string>): ChildProcess {
  return spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const databaseEnv = () => freshDatabaseEnv(locations);

/** The server with one deliberately slow route, in a process of its own on a fresh database. */
async function slowServer(): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = run('apps/api/src/test/slow-server.fixture.ts', {
    PORT: '0',
    NODE_ENV: 'test',
    ...(await databaseEnv()),
  });
  return { child, exited: exitOf(child) };
}

describe('the server process', () => {
  it('refuses an invalid PORT with one line naming it and a non-zero exit', async () => {
    const child = run('apps/api/src/main.ts', { PORT: 'abc' });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    expect(await exitOf(child)).not.toBe(0);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });

  it('on SIGTERM lets an in-flight slow request finish, then exits 0', async () => {
    const { child, exited } = await slowServer();
    const url = await readyUrl(child);

    const answer = fetch(`${url}/slow`).then(async (res) => ({ status: res.status, body: await res.text() }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');

    expect(await answer).toEqual({ status: 200, body: 'slow answer complete' });
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 30_000);

  it('logs in batches, yet a quiet server’s request line shows within moments and its last lines on exit', async () => {
    const { child, exited } = await slowServer();
    const seen: Array<{ msg?: string; path?: string }> = [];
    readline
      .createInterface({ input: child.stdout as NodeJS.ReadableStream })
      .on('line', (line) => line.startsWith('{') && seen.push(JSON.parse(line)));
    const url = await readyUrl(child);

    await fetch(`${url}/api/health`);
    const requested = Date.now();
    while (
      !seen.some((l) => l.msg === 'request' && l.path === '/api/health') &&
      Date.now() - requested < 3_000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.find((l) => l.path === '/api/health')).toMatchObject({ msg: 'request' });
    expect(Date.now() - requested).toBeLessThan(3_000);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(seen.at(-1)?.msg).toBe('stopped');
  }, 30_000);

  it('reads a .env file, and its start-up log names the file', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-env-'));
    const file = path.join(folder, '.env');
    // The environment wins over the file: PORT=0 below, not this one.
    fs.writeFileSync(file, '# Rumbo\nPRODUCT_NAME="Brújula"\nPORT=1\n');
    const child = run(
      'apps/api/src/main.ts',
      { PORT: '0', NODE_ENV: 'test', ENV_FILE: file, ...(await databaseEnv()) },
      ['--api-only'],
    );
    const logged: string[] = [];
    readline
      .createInterface({ input: child.stdout as NodeJS.ReadableStream })
      .on('line', (line) => logged.push(line));
    const exited = exitOf(child);
    const url = await readyUrl(child);
    expect(((await (await fetch(`${url}/api/config`)).json()) as { productName: string }).productName).toBe(
      'Brújula',
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const said = logged
      .map((line) => JSON.parse(line) as { envFile?: string; msg: string })
      .find((l) => 'envFile' in l);
    expect(said).toMatchObject({ envFile: file, msg: `configuration read from ${file} and the environment` });
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('npm start hands SIGTERM to the server, which stops cleanly', async () => {
    const child = npmStart({ PORT: '0', NODE_ENV: 'test', ...(await databaseEnv()) });
    const exited = exitOf(child);
    const url = await readyUrl(child);
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok' });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 120_000);
});

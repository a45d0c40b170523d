import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A second app server in demo mode (AI_PROVIDER=demo: no model, the scripted mentor, the banner on every
 * signed-in screen), on `port` with an empty data folder; `stop` ends it with SIGTERM.
 */
export async function startDemoServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve-app.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-e2e-demo-')),
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'demo',
      WRITE_LIMIT_MULTIPLIER: '5',
      BETTER_AUTH_SECRET: 'demo-e2e-secret-demo-e2e-secret-0123456',
      ...(process.env.E2E_WEB_DIST ? { E2E_WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready at')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`the demo server exited (${code})`)));
  });
  server.stdout?.resume();
  return {
    url,
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

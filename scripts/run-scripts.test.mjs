// `npm start` and `npm run demo` under a supervisor: SIGTERM sent to the npm process they were started
// with (what a service manager or a container runtime signals) must stop the server, not orphan it on
// its port. Each script is started on a port of its own with an empty data folder, reached, signalled,
// and its port must be free within 5 s. The build is reused when it is fresh (it is built otherwise,
// quietly: the asset sizes of Vite are not printed on start).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STOPPED_WITHIN_MS = 5_000;

const cleanups = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function signalledStops(script) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rumbo-${script}-`));
  let output = '';
  const npm = spawn('npm', ['run', '--silent', script], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout.on('data', (chunk) => {
    output += chunk;
  });
  npm.stderr.on('data', (chunk) => {
    output += chunk;
  });
  cleanups.push(() => {
    npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const health = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
    } catch {
      return false;
    }
  };
  expect(await waitFor(health, 240_000), `${script} answers on its port\n${output}`).toBe(true);

  const exited = new Promise((resolve) => npm.once('exit', resolve));
  npm.kill('SIGTERM');
  const free = await waitFor(async () => !(await listening(port)), STOPPED_WITHIN_MS);
  expect(free, `the port of \`npm run ${script}\` is free within 5 s of SIGTERM\n${output}`).toBe(true);
  await exited;
  expect(output).not.toMatch(/dist\/assets\/\S+\s+[\d.,]+ kB/);
}

test('`npm run demo` stops its server on SIGTERM', { timeout: 300_000 }, async () => {
  await signalledStops('demo');
});

test('`npm start` stops its server on SIGTERM', { timeout: 300_000 }, async () => {
  await signalledStops('start');
});

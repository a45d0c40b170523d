// `npm run demo`: `npm start` with the built-in scripted mentor (AI_PROVIDER=demo), to try Rumbo with no
// model and no key. Setting the variable here rather than in package.json works on every shell. The
// server is this process's own child, not one behind another npm: SIGTERM or SIGINT sent to
// `npm run demo` (package.json execs this script) reach it, and the port is free once it has stopped.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--quiet'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

// The same command as `npm start` runs after its build.
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=64', '--enable-source-maps', path.join(ROOT, 'apps/api/dist/main.js')],
  { stdio: 'inherit', env: { ...process.env, AI_PROVIDER: 'demo' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.once('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startNodeFlags } from '../../apps/api/src/test/server-process.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const READY_TIMEOUT_MS = 120_000;

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript entry point in its own process and waits for its JSON log line carrying
 * `url` (the ready line every Rumbo entry point prints). `preload` modules (TypeScript too) run
 * before it, in the same process.
 */
export function startProcess(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
  preload: string[] = [],
  nodeFlags: string[] = [],
): Promise<RunningProcess> {
  const imports = ['tsx', ...preload].flatMap((module) => ['--import', module]);
  return startUntilReady(script, [...nodeFlags, ...imports], env, args);
}

/** The compiled server (`npm run build`'s apps/api/dist/main.js) as `npm start` runs it. */
export function startBuiltApi(env: Record<string, string>) {
  return startUntilReady('apps/api/dist/main.js', startNodeFlags(), env);
}

function startUntilReady(
  script: string,
  nodeArgs: string[],
  env: Record<string, string>,
  args: string[] = [],
): Promise<RunningProcess> {
  // BENCH_NODE_FLAGS (e.g. --cpu-prof) goes to the started processes: to profile the server under load.
  const flags = [...nodeArgs, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...flags, script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} printed no ready line within ${READY_TIMEOUT_MS} ms`));
    }, READY_TIMEOUT_MS);
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      let entry: { url?: string } = {};
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      if (entry.url) {
        clearTimeout(timer);
        // From here on the output is only drained: parsing every log line would load the machine under test.
        lines.close();
        child.stdout?.resume();
        resolve({
          url: entry.url,
          child,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
}

/** Rumbo's API server (`apps/api/src/main.ts`) with `npm start`'s flags, `env` and `args`. */
export function startApi(env: Record<string, string>, args: string[] = [], preload: string[] = []) {
  return startProcess('apps/api/src/main.ts', env, args, preload, startNodeFlags());
}

import { type ChildProcess, fork, type Serializable } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeFile, FROM_SOURCES } from '../../../paths.ts';
import type { ExtractResult, ExtractTask } from './read-document.ts';

/**
 * A reading process's entry, beside this module in the language this module runs in: TypeScript when the
 * server runs from its sources (through tsx, in development and the tests), JavaScript once compiled.
 * Either way the process is plain `node`; from the sources it loads tsx itself, resolved from this folder.
 */
const READER = {
  entry: codeFile('modules/files/extract/extract-child.ts'),
  loader: FROM_SOURCES ? ['--import', 'tsx'] : [],
  cwd: path.dirname(codeFile('modules/files/extract/extract-child.ts')),
};
const LAUNCHER = codeFile('modules/files/extract/reader-launcher.js');

/**
 * How far below the server's own the launcher's scheduling priority is (`nice`), and so its reading
 * processes' (they inherit it): on a busy machine the server's thread, answering everyone else, gets the
 * cores first.
 */
const NICENESS = 10;
/** How long a reading process may take to load its readers (seconds on a loaded machine, through tsx). */
const START_MS = 30_000;

/** The reading process ended before it answered (killed, or it crashed: out of heap). */
export class ReaderEnded extends Error {}

export interface ReaderProcess {
  readonly pid: number;
  /** Documents it has read. */
  readonly readings: number;
  /** Whether it is still there (not ended, nor killed). */
  readonly running: boolean;
  /** Its resident memory in bytes, from /proc (Linux); NaN elsewhere or once it has ended. */
  rss(): number;
  /** Reads one document (one at a time); rejects with ReaderEnded if the process ends first. */
  read(task: ExtractTask): Promise<ExtractResult>;
  /** Ends it at once (SIGKILL): the kernel takes back everything it held. */
  kill(): void;
  /** Resolves once it has ended. */
  readonly ended: Promise<void>;
}

export interface ReaderLauncher {
  /** Starts a reading process with `heapMb` of V8 heap; resolves once its readers are loaded. */
  start(heapMb: number): Promise<ReaderProcess>;
  /** The launcher's own resident memory in bytes (see residentBytes); NaN when it is not running. */
  rss(): number;
  /** Ends the launcher, and with it every reading process. */
  close(): Promise<void>;
}

/** The resident memory of a process in bytes, from /proc; NaN where there is no /proc or no process. */
function residentBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
  } catch {
    return Number.NaN;
  }
}

type FromLauncher =
  | { ready: true }
  | { op: 'started'; id: number; pid: number }
  | { op: 'result'; id: number; result: ExtractResult }
  | { op: 'ended'; id: number; why: string; stderr: string };

/** What the server knows of one reading process, by the id it gave it: where the launcher's news goes. */
interface Route {
  started(pid: number): void;
  result(result: ExtractResult): void;
  ended(why: string, stderr: string): void;
}

/**
 * Starts the launcher (reader-launcher.js): a small process, started at once while the server is still
 * small, that starts the reading processes so that the server never copies itself to start one. It gets
 * no environment, none of the server's Node flags and a lower priority than the server's, and it does not
 * keep the server alive while no document is being read. If it ends, the next reading starts a new one.
 */
export function createReaderLauncher(): ReaderLauncher {
  let launcher: { child: ChildProcess; ready: Promise<void> } | undefined;
  const routes = new Map<number, Route>();
  let nextId = 1;
  // Requests out (starts and readings): the launcher keeps the server alive only while there are some.
  let pending = 0;
  const hold = () => {
    pending += 1;
    launcher?.child.ref();
    launcher?.child.channel?.ref();
  };
  const letGo = () => {
    pending -= 1;
    if (pending > 0) return;
    launcher?.child.unref();
    launcher?.child.channel?.unref();
  };

  const open = () => {
    const child = fork(LAUNCHER, [], {
      env: {},
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, Math.min(19, os.getPriority() + NICENESS));
    } catch {
      // Not every platform lets a process lower another's priority; readings are bounded anyway.
    }
    const gone = () => {
      if (launcher?.child === child) launcher = undefined;
      // Its reading processes lose their channel and end; what was asked of them cannot be answered.
      for (const route of [...routes.values()]) route.ended('the launcher ended', '');
    };
    const ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code, signal) => reject(new Error(`the launcher ended (${code}, ${signal})`)));
      child.once('error', reject);
    });
    // Seen by whoever waits for it; here only kept from being an unhandled rejection.
    ready.catch(() => {});
    child.on('message', (message: FromLauncher) => {
      if (!('op' in message)) return;
      const route = routes.get(message.id);
      if (message.op === 'started') route?.started(message.pid);
      else if (message.op === 'result') route?.result(message.result);
      else route?.ended(message.why, message.stderr);
    });
    // Not started at all (out of memory or processes): there is no exit to wait for. A failed send
    // shows up as the exit.
    child.on('error', () => {
      if (child.pid === undefined) gone();
    });
    child.once('exit', gone);
    if (pending === 0) {
      child.unref();
      child.channel?.unref();
    }
    return { child, ready };
  };
  launcher = open();

  const send = async (message: Serializable) => {
    launcher ??= open();
    const { child, ready } = launcher;
    await ready;
    child.send(message);
  };

  const start = (heapMb: number) =>
    new Promise<ReaderProcess>((resolveStart, rejectStart) => {
      const id = nextId++;
      let pid: number | undefined;
      let readings = 0;
      let killed = false;
      let done = false;
      const running = () => !killed && !done && pid !== undefined;
      let markEnded = () => {};
      const ended = new Promise<void>((resolve) => {
        markEnded = resolve;
      });
      let starting = true;
      let reply: { resolve(result: ExtractResult): void; reject(error: Error): void } | undefined;

      const reader: ReaderProcess = {
        get pid() {
          return pid ?? -1;
        },
        get readings() {
          return readings;
        },
        get running() {
          return running();
        },
        rss: () => (running() ? residentBytes(pid as number) : Number.NaN),
        read(task) {
          if (!running()) return Promise.reject(new ReaderEnded('the reading process has ended'));
          readings += 1;
          hold();
          return new Promise<ExtractResult>((resolve, reject) => {
            reply = { resolve, reject };
            send({ op: 'read', id, task }).catch((error: Error) => route.ended(error.message, ''));
          }).finally(letGo);
        },
        kill() {
          if (!running()) return;
          killed = true;
          try {
            process.kill(pid as number, 'SIGKILL');
          } catch {
            // It ended on its own meanwhile.
          }
        },
        ended,
      };

      const timer = setTimeout(() => {
        reader.kill();
        route.ended(`not ready within ${START_MS} ms`, '');
      }, START_MS);
      const route: Route = {
        started(startedPid) {
          pid = startedPid;
          starting = false;
          clearTimeout(timer);
          letGo();
          resolveStart(reader);
        },
        result(result) {
          const waiting = reply;
          reply = undefined;
          waiting?.resolve(result);
        },
        ended(why, stderr) {
          if (done) return;
          done = true;
          routes.delete(id);
          if (starting) {
            starting = false;
            clearTimeout(timer);
            letGo();
            rejectStart(new Error(`the reading process ended (${why}) before it was ready: ${stderr}`));
          }
          const waiting = reply;
          reply = undefined;
          waiting?.reject(new ReaderEnded(`the reading process ended (${why})`));
          markEnded();
        },
      };
      routes.set(id, route);
      hold();
      send({
        op: 'start',
        id,
        entry: READER.entry,
        execArgv: [`--max-old-space-size=${heapMb}`, ...READER.loader],
        cwd: READER.cwd,
      }).catch((error: Error) => route.ended(error.message, ''));
    });

  return {
    start,
    rss: () => (launcher?.child.pid === undefined ? Number.NaN : residentBytes(launcher.child.pid)),
    async close() {
      const current = launcher;
      if (!current) return;
      // The launcher ends its reading processes and waits for them when its channel closes, then ends.
      current.child.ref();
      const exited = new Promise<void>((resolve) => current.child.once('exit', () => resolve()));
      current.child.disconnect();
      await exited;
    },
  };
}

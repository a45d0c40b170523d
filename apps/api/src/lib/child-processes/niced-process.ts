import { type ChildProcess, fork, type Serializable } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeFile, FROM_SOURCES } from '../../paths.ts';

/**
 * Work that would hold up the server's thread, or that a hostile input could make unbounded, done in
 * child processes of lower priority (ADR 0024: the document readers; ADR 0025: the research's grounding).
 * A child is a module under apps/api/src that serves tasks (serve-tasks.ts), named by its source path;
 * it runs beside this module in the language this module runs in: TypeScript when the server runs from
 * its sources (through tsx, in development and the tests), JavaScript once compiled (a build emits it as
 * an entry point of its own, and copies process-launcher.js beside it). Either way the process is plain
 * `node`; from the sources it loads tsx itself, resolved from the child's folder.
 */
const childEntry = (sourcePath: string) => ({
  entry: codeFile(sourcePath),
  loader: FROM_SOURCES ? ['--import', 'tsx'] : [],
  cwd: path.dirname(codeFile(sourcePath)),
});
const LAUNCHER = codeFile('lib/child-processes/process-launcher.js');

/**
 * How far below the server's own the launcher's scheduling priority is (`nice`), and so its children's
 * (they inherit it): on a busy machine the server's thread, answering everyone else, gets the cores first.
 */
const NICENESS = 10;
/** How long a child may take to load its code (seconds on a loaded machine, through tsx). */
const START_MS = 30_000;

/** The child ended before it answered (killed, or it crashed: out of heap). */
export class ProcessEnded extends Error {}

export interface NicedProcess<Task, Result> {
  readonly pid: number;
  /** Tasks it has been given. */
  readonly tasks: number;
  /** Whether it is still there (not ended, nor killed). */
  readonly running: boolean;
  /** Its resident memory in bytes, from /proc (Linux); NaN elsewhere or once it has ended. */
  rss(): number;
  /** Gives it one task (one at a time); rejects with ProcessEnded if the process ends first. */
  run(task: Task): Promise<Result>;
  /** Ends it at once (SIGKILL): the kernel takes back everything it held. */
  kill(): void;
  /** Resolves once it has ended. */
  readonly ended: Promise<void>;
}

export interface ProcessLauncher<Task, Result> {
  /** Starts a child with `heapMb` of V8 heap; resolves once its code is loaded. */
  start(heapMb: number): Promise<NicedProcess<Task, Result>>;
  /** The launcher's own resident memory in bytes (see residentBytes); NaN when it is not running. */
  rss(): number;
  /** Ends the launcher, and with it every child it started. */
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

type FromLauncher<Result> =
  | { ready: true }
  | { op: 'started'; id: number; pid: number }
  | { op: 'result'; id: number; result: Result }
  | { op: 'ended'; id: number; why: string; stderr: string };

/** What the server knows of one child, by the id it gave it: where the launcher's news goes. */
interface Route<Result> {
  started(pid: number): void;
  result(result: Result): void;
  ended(why: string, stderr: string): void;
}

/**
 * Starts a launcher (process-launcher.js) for the children that run `sourcePath`: a small process,
 * started at once while the server is still small, that starts the children so that the server never
 * copies itself to start one. It gets no environment, none of the server's Node flags and a lower
 * priority than the server's, and it does not keep the server alive while no task is under way. If it
 * ends, the next start starts a new one. Tasks and results cross the channels by structured clone
 * (`serialization: 'advanced'`): plain data only, copied twice (server → launcher → child).
 */
export function createProcessLauncher<Task, Result>(sourcePath: string): ProcessLauncher<Task, Result> {
  const CHILD = childEntry(sourcePath);
  let launcher: { child: ChildProcess; ready: Promise<void> } | undefined;
  const routes = new Map<number, Route<Result>>();
  let nextId = 1;
  // Requests out (starts and tasks): the launcher keeps the server alive only while there are some.
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
      // Not every platform lets a process lower another's priority; the children's work is bounded anyway.
    }
    const gone = () => {
      if (launcher?.child === child) launcher = undefined;
      // Its children lose their channel and end; what was asked of them cannot be answered.
      for (const route of [...routes.values()]) route.ended('the launcher ended', '');
    };
    const ready = new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code, signal) => reject(new Error(`the launcher ended (${code}, ${signal})`)));
      child.once('error', reject);
    });
    // Seen by whoever waits for it; here only kept from being an unhandled rejection.
    ready.catch(() => {});
    child.on('message', (message: FromLauncher<Result>) => {
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
    new Promise<NicedProcess<Task, Result>>((resolveStart, rejectStart) => {
      const id = nextId++;
      let pid: number | undefined;
      let tasks = 0;
      let killed = false;
      let done = false;
      const running = () => !killed && !done && pid !== undefined;
      let markEnded = () => {};
      const ended = new Promise<void>((resolve) => {
        markEnded = resolve;
      });
      let starting = true;
      let reply: { resolve(result: Result): void; reject(error: Error): void } | undefined;

      const worker: NicedProcess<Task, Result> = {
        get pid() {
          return pid ?? -1;
        },
        get tasks() {
          return tasks;
        },
        get running() {
          return running();
        },
        rss: () => (running() ? residentBytes(pid as number) : Number.NaN),
        run(task) {
          if (!running()) return Promise.reject(new ProcessEnded('the process has ended'));
          tasks += 1;
          hold();
          return new Promise<Result>((resolve, reject) => {
            reply = { resolve, reject };
            send({ op: 'task', id, task: task as Serializable }).catch((error: Error) =>
              route.ended(error.message, ''),
            );
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
        worker.kill();
        route.ended(`not ready within ${START_MS} ms`, '');
      }, START_MS);
      const route: Route<Result> = {
        started(startedPid) {
          pid = startedPid;
          starting = false;
          clearTimeout(timer);
          letGo();
          resolveStart(worker);
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
            rejectStart(new Error(`the process ended (${why}) before it was ready: ${stderr}`));
          }
          const waiting = reply;
          reply = undefined;
          waiting?.reject(new ProcessEnded(`the process ended (${why})`));
          markEnded();
        },
      };
      routes.set(id, route);
      hold();
      send({
        op: 'start',
        id,
        entry: CHILD.entry,
        execArgv: [`--max-old-space-size=${heapMb}`, ...CHILD.loader],
        cwd: CHILD.cwd,
      }).catch((error: Error) => route.ended(error.message, ''));
    });

  return {
    start,
    rss: () => (launcher?.child.pid === undefined ? Number.NaN : residentBytes(launcher.child.pid)),
    async close() {
      const current = launcher;
      if (!current) return;
      // The launcher ends its children and waits for them when its channel closes, then ends.
      current.child.ref();
      const exited = new Promise<void>((resolve) => current.child.once('exit', () => resolve()));
      current.child.disconnect();
      await exited;
    },
  };
}

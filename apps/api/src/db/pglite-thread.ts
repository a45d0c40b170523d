import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { codeFile } from '../paths.ts';

/**
 * PGlite in a worker thread (pglite-worker.js), seen from the server's thread through the part of
 * PGlite's client that drizzle and pg-boss use: `query`, `transaction`, and multi-statement scripts.
 *
 * PGlite has one connection. While a transaction is open, only its own statements may reach it: a
 * statement from elsewhere would run inside that transaction (and be rolled back with it). So a
 * statement or a transaction that arrives while one is open waits for it to end, in arrival order.
 * Messages to the worker keep their order, so what is sent first runs first.
 */

export interface QueryResult {
  rows: unknown[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Only text-keeping parsers cross threads: the type ids whose values stay as PostgreSQL's text. */
  parsers?: Record<number, unknown>;
}

/** What a transaction's callback gets: statements that run inside it. */
export interface PgliteTransactionClient {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

export interface PgliteThread extends PgliteTransactionClient {
  transaction<T>(work: (tx: PgliteTransactionClient) => Promise<T>): Promise<T>;
  /** A multi-statement script without parameters (pg-boss); a failed one leaves no transaction open. */
  script(text: string): Promise<QueryResult>;
  /** The data directory as a gzipped tarball, between transactions (a consistent snapshot). */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

type Request =
  | { op: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[] }
  | { op: 'script'; text: string }
  | { op: 'dump' }
  | { op: 'close' };

type Reply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

const WORKER_FILE = codeFile('db/pglite-worker.js');
const INITDB_FILE = codeFile('db/pglite-initdb.js');

function startWorker(data: { dataDir: string | undefined; settings: string[] }) {
  return new Worker(WORKER_FILE, { workerData: data, execArgv: workerFlags(process.execArgv) });
}

/**
 * Initialises a new data directory in a process of its own (pglite-initdb.js) and resolves once it has
 * ended; rejects with its error when it could not. Only PostgreSQL's settings go to it, no Node flags.
 */
function initialise(dataDir: string, settings: string[]): Promise<void> {
  const child = fork(INITDB_FILE, [dataDir, ...settings], {
    execArgv: [],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  let reply: { ready: boolean; error?: Record<string, unknown> } | undefined;
  child.once('message', (message: typeof reply) => {
    reply = message;
  });
  return new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (reply?.ready && code === 0) resolve();
      else if (reply?.error) reject(toError(reply.error));
      else reject(new Error(`the database's initialisation stopped (${code}): ${stderr.trim()}`));
    });
  });
}

/** Resolves when the worker has opened PGlite; rejects with its error when it could not. */
function opened(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the database thread stopped (${code}) while opening`)));
    worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
      worker.removeAllListeners('error');
      worker.removeAllListeners('exit');
      if (message.ready) resolve();
      else reject(toError(message.error ?? {}));
    });
  });
}

/** PostgreSQL's memory settings for PGlite, in PostgreSQL's units ('16MB'); PGlite's own without them. */
export interface PgliteMemory {
  sharedBuffers: string;
  workMem: string;
}

/**
 * Starts the worker on `dataDir` (in memory without one) and resolves once PGlite is open. A data directory
 * that is not initialised yet is initialised first by a process of its own that then ends (ADR 0053,
 * ADR 0027): initdb's WebAssembly memory would otherwise stay in the server for good.
 */
export async function openPgliteThread(
  dataDir: string | undefined,
  memory?: PgliteMemory,
): Promise<PgliteThread> {
  const settings = memory ? [`shared_buffers=${memory.sharedBuffers}`, `work_mem=${memory.workMem}`] : [];
  if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(dataDir, settings);
  const worker = startWorker({ dataDir, settings });
  await opened(worker);

  // Ref'd only while a statement is out: like PGlite on the server's thread, an idle database does
  // not keep the process alive (a script that forgets to close it still ends).
  worker.unref();
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let stopped: Error | undefined;
  worker.on('message', (reply: Reply) => {
    const call = waiting.get(reply.id);
    if (!call) return;
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    if (reply.ok) call.resolve(reply.result);
    else call.reject(toError(reply.error));
  });
  const failAll = (error: Error) => {
    stopped = error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the database thread stopped (${code})`)));

  const send = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    // Keeps the process alive while a statement is out, as an in-thread database's work would.
    if (waiting.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };
  const query = (text: string, params?: unknown[], options?: QueryOptions) =>
    send<QueryResult>({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    });

  // Whether a transaction holds the connection, and who waits for it to end.
  let inTransaction = false;
  const queued: (() => void)[] = [];
  // Callers loop on `while (inTransaction) await nextTurn()` and act in the same step as the last
  // check: an `await` between the check and the act would let a transaction start in between.
  const nextTurn = () => new Promise<void>((resolve) => queued.push(resolve));
  const release = () => {
    inTransaction = false;
    // Every waiter checks again, in the order they came: the first transaction among them takes the
    // connection, and whoever checks after it waits again.
    for (const wake of queued.splice(0)) wake();
  };

  return {
    async query(text, params, options) {
      while (inTransaction) await nextTurn();
      return query(text, params, options);
    },
    async script(text) {
      while (inTransaction) await nextTurn();
      return send<QueryResult>({ op: 'script', text });
    },
    async dump() {
      while (inTransaction) await nextTurn();
      return send<Uint8Array>({ op: 'dump' });
    },
    async transaction(work) {
      while (inTransaction) await nextTurn();
      inTransaction = true;
      try {
        await query('BEGIN');
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work({ query });
        } catch (error) {
          await query('ROLLBACK').catch(() => {});
          throw error;
        }
        await query('COMMIT');
        return result;
      } finally {
        release();
      }
    },
    async close() {
      if (stopped) return;
      while (inTransaction) await nextTurn();
      await send({ op: 'close' });
      // Held until the thread has ended: a script whose last step is this close waits for it.
      worker.ref();
      await new Promise<void>((resolve) => {
        if (stopped) resolve();
        else worker.once('exit', () => resolve());
      });
    },
  };
}

/** The profilers' flags, which take a value (`--cpu-prof-dir /tmp/x` or `--cpu-prof-dir=/tmp/x`). */
const PROFILE_VALUE_FLAGS = new Set([
  '--cpu-prof-dir',
  '--cpu-prof-name',
  '--cpu-prof-interval',
  '--heap-prof-dir',
  '--heap-prof-name',
  '--heap-prof-interval',
]);

/**
 * The worker gets only the parent's profiler flags, so that `--cpu-prof` profiles the database thread
 * too. Not its loaders and preloads: the worker is plain JavaScript, and tsx or a TypeScript module a
 * benchmark preloads could not load there. Not V8's flags either (`--max-semi-space-size` in
 * `npm start`): a worker refuses them, and they already apply to every thread of the process.
 */
function workerFlags(parentFlags: string[]): string[] {
  const flags: string[] = [];
  for (let i = 0; i < parentFlags.length; i++) {
    const flag = parentFlags[i] as string;
    if (!/^--(cpu|heap)-prof/.test(flag)) continue;
    flags.push(flag);
    const next = parentFlags[i + 1];
    if (PROFILE_VALUE_FLAGS.has(flag) && next !== undefined) {
      flags.push(next);
      i++;
    }
  }
  return flags;
}

/** An error from the worker as an Error here, with PostgreSQL's fields (code, constraint…) on it. */
function toError(fields: Record<string, unknown>): Error {
  const { message, name, ...rest } = fields;
  const error = new Error(typeof message === 'string' ? message : 'database error');
  if (typeof name === 'string') error.name = name;
  return Object.assign(error, rest);
}

// @ts-check
/**
 * The launcher of a server's child processes (niced-process.ts starts one per kind of child, while the
 * server is still small): it starts every child for the server and passes messages both ways. Starting a
 * process copies its starter's page tables, and from a server that holds a gigabyte that stopped the
 * server's thread for 0.2–0.4 s each time (ADR 0024); from this small process it takes a few
 * milliseconds. Plain JavaScript, so that it starts with plain `node` and no loader, from the sources and
 * compiled alike.
 *
 * The server watches and kills the children itself, by their process ids; this side only starts them,
 * relays, and says when one has ended.
 */
import { fork } from 'node:child_process';

/** What a child last wrote to stderr, kept to explain one that fails to start. */
const STDERR_KEPT = 2_000;

/** @type {Map<number, import('node:child_process').ChildProcess>} */
const children = new Map();

/** @param {unknown} message */
const send = (message) => {
  // After the server has gone, a child that ends has no one to be reported to.
  if (process.connected) process.send?.(message);
};

/**
 * @param {{ id: number, entry: string, execArgv: string[], cwd: string }} request
 */
function start({ id, entry, execArgv, cwd }) {
  const child = fork(entry, [], {
    cwd,
    // No secret reaches a process that works on users' files or the web's pages.
    env: {},
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  children.set(id, child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (/** @type {string} */ chunk) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  const ended = (/** @type {string} */ why) => {
    if (!children.delete(id)) return;
    send({ op: 'ended', id, why, stderr: stderr.trim() });
  };
  // A process that could not be started at all (out of memory or processes) has no exit to wait for;
  // a failed send to one that has just ended is reported by its exit.
  child.on('error', (error) => {
    if (child.pid === undefined) ended(`could not start: ${error.message}`);
  });
  child.once('exit', (code, signal) => ended(`code ${code}, signal ${signal}`));
  child.on('message', (/** @type {{ ready?: true, result?: unknown }} */ message) => {
    if (message.ready) send({ op: 'started', id, pid: child.pid });
    else send({ op: 'result', id, result: message.result });
  });
}

process.on(
  'message',
  (
    /** @type {{ op: 'start', id: number, entry: string, execArgv: string[], cwd: string } | { op: 'task', id: number, task: unknown }} */ message,
  ) => {
    if (message.op === 'start') start(message);
    // A child that has ended meanwhile was reported as ended already.
    else children.get(message.id)?.send(message.task);
  },
);
// The server is gone, or closes: so are the tasks it asked for, whatever they were doing. The launcher
// waits for its children to end, so that none outlives it.
process.on('disconnect', async () => {
  const ending = [...children.values()].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children.values()) child.kill('SIGKILL');
  await Promise.all(ending);
  process.exit(0);
});
send({ ready: true });

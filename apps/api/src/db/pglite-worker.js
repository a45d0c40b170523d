// @ts-check
/**
 * The embedded database's own thread (pglite-thread.ts starts it). PGlite runs PostgreSQL compiled to
 * WebAssembly synchronously: on the server's thread every statement held up every request and every
 * streamed answer. Here it runs beside them. Plain JavaScript because a worker thread does not inherit
 * the TypeScript loader of every runner (tsx for the app, Vite's for the tests), and it needs nothing
 * but PGlite.
 *
 * Requests arrive in order and run one after another: the caller (the server's thread) decides what
 * may run when (transactions), this side only runs statements.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker.js runs as a worker thread');
const port = parentPort;

/** @type {PGlite} */
let client;
try {
  // PostgreSQL's memory settings (shared buffers, work memory) on its command line, over postgresql.conf.
  /** @type {string[]} */
  const settings = workerData.settings ?? [];
  client = await PGlite.create(workerData.dataDir ?? undefined, {
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])],
  });
} catch (error) {
  port.postMessage({ ready: false, error: describe(error) });
  process.exit(1);
}
port.postMessage({ ready: true });

/**
 * What of a result crosses threads (the rows and the count), or an empty one. Not the fields' names and
 * types: no caller reads them, and copying them to the server's thread with every result cost as much
 * as copying a send's rows.
 * @param {{ rows: unknown[], affectedRows?: number } | undefined} result
 */
const plain = (result) => (result ? { rows: result.rows, affectedRows: result.affectedRows } : { rows: [] });

/** Keeps a value's text as PostgreSQL sent it (drizzle maps dates and intervals itself). */
const asText = (/** @type {string} */ value) => value;

/**
 * Statements are prepared once, by their text, and then only bound and executed. PGlite's own `query`
 * parses and plans every statement every time: for the chat send's two statements, planning was about
 * half of their cost. The most recently used MAX_STATEMENTS stay prepared (drizzle makes the same text
 * for the same query; only batches of varying length make many).
 */
const MAX_STATEMENTS = 500;
/** @type {Map<string, { name: string, types: number[] }>} */
const statements = new Map();
let statementCount = 0;
const { serialize } = protocol;

/** Sends protocol messages, ending with Sync so that an error leaves the connection ready. */
const send = (/** @type {Uint8Array[]} */ messages) =>
  client.execProtocolStream(Buffer.concat([...messages, serialize.sync()]), { syncToFs: false });

/** Forgets a prepared statement, here and in PostgreSQL. @param {string} text */
async function forget(text) {
  const statement = statements.get(text);
  if (!statement) return;
  statements.delete(text);
  await send([serialize.close({ type: 'S', name: statement.name })]);
}

/** @param {string} text */
async function prepared(text) {
  const known = statements.get(text);
  if (known) {
    // Most recently used last: the first one is the one to forget.
    statements.delete(text);
    statements.set(text, known);
    return known;
  }
  if (statements.size >= MAX_STATEMENTS) await forget(statements.keys().next().value ?? '');
  const name = `rumbo_${++statementCount}`;
  const described = await send([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]);
  const statement = { name, types: parse.parseDescribeStatementResults(described) };
  statements.set(text, statement);
  return statement;
}

/**
 * @param {string} text
 * @param {unknown[]} params
 * @param {{ rowMode?: 'array' | 'object', parsers?: Record<number, (value: string) => unknown> }} options
 */
async function query(text, params, options) {
  const statement = await prepared(text);
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = client.serializers[/** @type {number} */ (statement.types[index])];
    return serializer ? serializer(value) : String(value);
  });
  try {
    const messages = await send([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
    ]);
    const [result] = parse.parseResults(messages, client.parsers, options);
    return plain(result);
  } catch (error) {
    // A statement prepared before the schema changed can't run any more: prepare it again, once.
    if (/** @type {{ code?: string }} */ (error).code !== '0A000' || !statements.has(text)) throw error;
    await forget(text);
    return query(text, params, options);
  }
}

/**
 * @param {{ op: string, text: string, params?: unknown[], rowMode?: 'array' | 'object', rawTypes?: number[] }} request
 */
async function run(request) {
  switch (request.op) {
    case 'query': {
      const parsers = Object.fromEntries((request.rawTypes ?? []).map((oid) => [oid, asText]));
      return query(request.text, request.params ?? [], { rowMode: request.rowMode, parsers });
    }
    case 'script': {
      // pg-boss sends multi-statement scripts (BEGIN; ...; COMMIT) that PGlite runs only through `exec`.
      // A failed one may leave the single connection inside an aborted transaction: roll it back first.
      try {
        return plain((await client.exec(request.text)).at(-1));
      } catch (error) {
        if (client.isInTransaction()) await client.exec('ROLLBACK');
        throw error;
      }
    }
    case 'dump':
      // The data directory as a gzipped tarball (backups, ops/backup.ts): requests run one after another
      // here, and the caller waits for any open transaction to end first, so it holds only committed work.
      return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error(`unknown request ${request.op}`);
  }
}

/** What of an error crosses threads: its message and PostgreSQL's fields (code, constraint…), no functions. */
function describe(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

let queue = Promise.resolve();
port.on('message', (/** @type {{ id: number, op: string, text: string }} */ request) => {
  queue = queue.then(async () => {
    try {
      port.postMessage({ id: request.id, ok: true, result: await run(request) });
    } catch (error) {
      port.postMessage({ id: request.id, ok: false, error: describe(error) });
    }
    if (request.op === 'close') port.close();
  });
});

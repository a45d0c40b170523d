// @ts-check
/**
 * Initialises a new PGlite data directory and ends (pglite-thread.ts starts it, ADR 0053 and ADR 0027).
 * A process of its own, not a thread: PGlite's initdb is a second WebAssembly instance, and after a
 * thread that ran it had ended the server still held about 170 MB of it (the allocator keeps what a
 * thread freed). A process gives all of it back when it exits.
 *
 * Arguments: the data directory, then PostgreSQL settings (`shared_buffers=16MB`). Reports to its parent
 * (IPC) `{ ready: true }`, or `{ ready: false, error }` with the error's message and PostgreSQL's fields.
 */
import { PGlite } from '@electric-sql/pglite';

const [dataDir, ...settings] = process.argv.slice(2);
/** @param {unknown} message */
const report = (message) =>
  new Promise((resolve) =>
    process.send ? process.send(message, undefined, undefined, resolve) : resolve(null),
  );

try {
  if (!dataDir) throw new Error('pglite-initdb.js needs the data directory');
  const client = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])],
  });
  await client.close();
  await report({ ready: true });
  process.exit(0);
} catch (error) {
  /** @type {Record<string, unknown>} */
  const fields =
    error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };
  if (error instanceof Error) {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  await report({ ready: false, error: fields });
  process.exit(1);
}

import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';

export type Logger = pino.Logger;

/** Lines are written in batches of this many bytes, and at least every FLUSH_MS. */
const BATCH_BYTES = 4_096;
const FLUSH_MS = 1_000;

/**
 * JSON logs on stdout. Credentials, and the statements and values of failed queries, never reach the
 * log, whatever a caller passes in. Written
 * asynchronously: a synchronous write blocks the whole server whenever whatever reads stdout falls
 * behind (a full pipe), which under load showed as stalls of every open answer. And in batches: one
 * write per line (a request line per request) was a measurable share of the server's CPU under load.
 * A quiet server's lines still appear within FLUSH_MS (ready lines are flushed at once), and pino flushes
 * what is buffered when the process exits.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'rumbo' },
      serializers: { err: safeError, error: safeError },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'password',
          '*.password',
          'token',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? batchedStdout(),
  );
}

/** Fields of database errors that hold a statement or its values (user text, e-mails, codes). */
const STATEMENT_FIELDS = new Set([
  'query',
  'params',
  'parameters',
  'values',
  'detail',
  'where',
  'internalQuery',
]);
const MAX_CAUSES = 5;

/**
 * An error as it is logged: its type, message, stack, own fields and causes, but never a failed
 * query's SQL or parameters. Drizzle puts both in its message (and so in its stack) and in
 * `query`/`params`; the driver's error, its cause, carries them too.
 */
function safeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const failedQuery = error instanceof DrizzleQueryError;
  const message = failedQuery ? 'Failed query' : error.message;
  // The frames are what follows the first line's message, which can itself hold lines that look like them.
  const head = `${error.name}: ${error.message}`;
  const frames = error.stack?.startsWith(head) ? error.stack.slice(head.length) : '';
  const stack = failedQuery ? `${error.name}: ${message}${frames}` : error.stack;
  const out: Record<string, unknown> = { type: error.constructor.name, message, stack };
  for (const [key, value] of Object.entries(error)) {
    if (key in out || key === 'cause' || STATEMENT_FIELDS.has(key)) continue;
    out[key] = value instanceof Error ? safeError(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = safeError(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < MAX_CAUSES) {
    out.aggregateErrors = error.errors.map((item) => safeError(item, depth + 1));
  }
  return out;
}

function batchedStdout(): pino.DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  setInterval(() => stdout.flush(), FLUSH_MS).unref();
  return stdout;
}

import pino from 'pino';

export type Logger = pino.Logger;

/** Lines are written in batches of this many bytes, and at least every FLUSH_MS. */
const BATCH_BYTES = 4_096;
const FLUSH_MS = 1_000;

/**
 * JSON logs on stdout. Credentials never reach the log, whatever a caller passes in. Written
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

function batchedStdout(): pino.DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  setInterval(() => stdout.flush(), FLUSH_MS).unref();
  return stdout;
}

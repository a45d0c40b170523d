import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON logs on stdout. Credentials never reach the log, whatever a caller passes in. Written
 * asynchronously: a synchronous write blocks the whole server whenever whatever reads stdout falls
 * behind (a full pipe), which under load showed as stalls of every open answer. pino flushes what
 * is buffered when the process exits.
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
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

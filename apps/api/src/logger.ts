import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout. Credentials never reach the log, whatever a caller passes in. */
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
    destination ?? pino.destination(1),
  );
}

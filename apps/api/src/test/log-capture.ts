import { format } from 'node:util';
import { createLogger, type Logger } from '../logger.ts';

/**
 * What a test reads of the server's log: the app's logger writing to memory (every level), and what
 * anything printed with console meanwhile (a library's own error dumps), so that a test can assert that
 * neither holds SQL, a query's parameters or an e-mail address (README, Security).
 */
export interface LogCapture {
  logger: Logger;
  /** The log's lines and the console's, as printed. */
  text(): string;
  /** Gives the console back. */
  stop(): void;
}

const CONSOLE_METHODS = ['error', 'warn', 'log', 'info', 'debug', 'trace'] as const;

export function captureLog(): LogCapture {
  const lines: string[] = [];
  const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
  const original = CONSOLE_METHODS.map((name) => [name, console[name]] as const);
  for (const name of CONSOLE_METHODS) {
    console[name] = (...args: unknown[]) => void lines.push(`console.${name}: ${format(...args)}`);
  }
  return {
    logger,
    text: () => lines.join('\n'),
    stop: () => {
      for (const [name, method] of original) console[name] = method;
    },
  };
}

/** What a log must never hold, each with a name for the failure. */
const FORBIDDEN_IN_LOG: Array<[string, RegExp]> = [
  ['SQL', /\b(select\s[\s\S]{0,200}?\sfrom|insert into|update\s+"?\w+"?\s+set|delete from)\b/i],
  ["a query's parameters", /\bparams\b/i],
  ['an e-mail address', /[\w.+%-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i],
];

/** The forbidden things `text` holds, each with the line it is in (cut short). */
export function logProblems(text: string): string[] {
  const problems: string[] = [];
  for (const [name, pattern] of FORBIDDEN_IN_LOG) {
    const line = text.split('\n').find((l) => pattern.test(l));
    if (line) problems.push(`${name}: ${line.slice(0, 400)}`);
  }
  return problems;
}

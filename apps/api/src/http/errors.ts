import { ERROR_CODES, type ErrorCode } from '@rumbo/contract';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A failure the API reports to its client as `{ code, message, field? }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly field?: string,
    /** Headers the answer carries too (`Retry-After` on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'No encontrado') => new AppError(404, ERROR_CODES.notFound, message);
export const unauthorized = (message = 'Necesitas iniciar sesión') =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const badRequest = (message: string, field?: string) =>
  new AppError(400, ERROR_CODES.validation, message, field);

/** How many causes deep a database error's code is looked for (Drizzle wraps the driver's error). */
const MAX_CAUSES = 5;

/**
 * PostgreSQL's foreign_key_violation (23503), on the error or one of its causes. Every foreign key of the
 * schema cascades or sets null on delete, so it only means that a row the statement points to was
 * deleted meanwhile (a business deleted while its owner opens a chat in it): the app answers 404.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSES && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const GONE_MESSAGE = 'Ya no existe: se ha eliminado mientras tanto';

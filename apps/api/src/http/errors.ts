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

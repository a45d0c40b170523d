import { AUTH_ERROR_CODES } from '@rumbo/contract';
import { AppError } from '../../http/errors.ts';

/** Better Auth's per-address limit or the sign-in lockout (ADR 0014) refused the attempt. */
export const tooManyAttempts = () =>
  new AppError(429, AUTH_ERROR_CODES.tooManyRequests, 'Demasiados intentos fallidos, intenta más tarde');

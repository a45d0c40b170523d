import { ERROR_CODES } from '@rumbo/contract';
import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that carry our session cookie but come from another site
 * (cross-site request forgery). Requests authenticated by a bearer token carry no ambient
 * credential and pass; so do webhooks, which carry no cookie.
 */
export function refuseCrossOrigin(allowedOrigins: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && c.req.header('cookie')) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const crossOrigin = origin ? !allowedOrigins.includes(origin) : site === 'cross-site';
      if (crossOrigin) {
        throw new AppError(403, ERROR_CODES.forbidden, 'Petición rechazada: origen no permitido');
      }
    }
    await next();
  };
}

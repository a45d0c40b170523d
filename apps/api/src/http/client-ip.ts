import type { MiddlewareHandler } from 'hono';
import { CLIENT_IP_HEADER } from '../modules/auth/auth.ts';

/**
 * Puts the connecting address in CLIENT_IP_HEADER for rate limits and lockouts, replacing whatever a
 * client sent under that name: a client must not choose its own rate-limit bucket.
 */
export const clientIp: MiddlewareHandler = async (c, next) => {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  c.req.raw.headers.set(CLIENT_IP_HEADER, incoming?.socket?.remoteAddress ?? 'local');
  await next();
};

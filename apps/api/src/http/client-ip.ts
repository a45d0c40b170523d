import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import proxyaddr from 'proxy-addr';
import { CLIENT_IP_HEADER } from '../modules/auth/auth.ts';

/**
 * Puts the client's address in CLIENT_IP_HEADER for rate limits and lockouts, replacing whatever a
 * client sent under that name: a client must not choose its own rate-limit bucket. The address is the
 * socket's, or, when that is one of `trustedProxies` (TRUSTED_PROXIES), the nearest X-Forwarded-For
 * entry not added by a trusted proxy: entries further left were written by the client and are ignored.
 */
export function clientIp(trustedProxies: string[]): MiddlewareHandler {
  const trusted = proxyaddr.compile(trustedProxies);
  return async (c, next) => {
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    const remoteAddress = incoming?.socket?.remoteAddress;
    const forwardedFor = c.req.header('x-forwarded-for');
    // proxy-addr reads only these two fields of the request.
    const request = { socket: { remoteAddress }, headers: { 'x-forwarded-for': forwardedFor } };
    const address = remoteAddress ? proxyaddr(request as unknown as IncomingMessage, trusted) : 'local';
    c.req.raw.headers.set(CLIENT_IP_HEADER, address);
    await next();
  };
}

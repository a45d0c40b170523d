import type { MiddlewareHandler } from 'hono';
import proxyaddr from 'proxy-addr';
import { appOrigins, type Env } from '../env.ts';
import type { AppEnv } from './context.ts';

/** The first value of a header a chain of proxies may have appended to. */
const firstOf = (value: string | undefined) => value?.split(',')[0]?.trim() || undefined;

function originOf(protocol: string, host: string): string | undefined {
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Sets `publicOrigin`, the address every absolute link the server builds starts with (checkout
 * returns, the portal, reset mails, Better Auth's own callbacks). With PUBLIC_URL set, it is always
 * PUBLIC_URL. Without it, it is the address the browser used — the Host header, or X-Forwarded-Host
 * and -Proto when the socket is a trusted proxy (TRUSTED_PROXIES) — if that is one of appOrigins(),
 * the origins the cross-origin check and Better Auth accept; any other host falls back to PUBLIC_URL,
 * so a forged Host never reaches a link. A user on 127.0.0.1 thus comes back to 127.0.0.1, where their
 * session cookie lives, not to localhost.
 *
 * The result also replaces X-Forwarded-Host and -Proto on the request, which is what Better Auth's
 * per-request base URL reads (modules/auth/auth.ts): a client cannot choose them.
 */
export function publicOrigin(env: Env): MiddlewareHandler<AppEnv> {
  const trusted = proxyaddr.compile(env.TRUSTED_PROXIES);
  const allowed = new Set(appOrigins(env));
  const forwardedOf = (origin: string) => {
    const url = new URL(origin);
    return { host: url.host, proto: url.protocol.slice(0, -1) };
  };
  // Every API request passes here (the chat's hot path too): the fixed address is parsed once.
  const fixed = forwardedOf(env.PUBLIC_URL);
  return async (c, next) => {
    let origin = env.PUBLIC_URL;
    if (!env.PUBLIC_URL_FIXED) {
      const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
        ?.incoming;
      const remoteAddress = incoming?.socket?.remoteAddress;
      const viaProxy = remoteAddress !== undefined && trusted(remoteAddress, 0);
      const host = (viaProxy ? firstOf(c.req.header('x-forwarded-host')) : undefined) ?? c.req.header('host');
      // The server itself speaks plain HTTP; only a trusted proxy can say the browser used HTTPS.
      const protocol = (viaProxy ? firstOf(c.req.header('x-forwarded-proto')) : undefined) ?? 'http';
      const candidate = host ? originOf(protocol, host) : undefined;
      if (candidate && allowed.has(candidate)) origin = candidate;
    }
    c.set('publicOrigin', origin);
    const forwarded = origin === env.PUBLIC_URL ? fixed : forwardedOf(origin);
    c.req.raw.headers.set('x-forwarded-host', forwarded.host);
    c.req.raw.headers.set('x-forwarded-proto', forwarded.proto);
    await next();
  };
}

/**
 * The origin of a request that went through `publicOrigin` (Better Auth hands its callbacks only
 * the request): PUBLIC_URL when set or when the request is unknown.
 */
export function originOfRequest(env: Env, request: Request | undefined): string {
  const host = request?.headers.get('x-forwarded-host');
  const protocol = request?.headers.get('x-forwarded-proto');
  if (env.PUBLIC_URL_FIXED || !host || !protocol) return env.PUBLIC_URL;
  return originOf(protocol, host) ?? env.PUBLIC_URL;
}

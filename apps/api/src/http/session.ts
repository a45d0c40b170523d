import type { Context, MiddlewareHandler } from 'hono';
import type { Auth } from '../modules/auth/auth.ts';
import type { AppEnv } from './context.ts';
import { unauthorized } from './errors.ts';

/**
 * The signed-in user's id (session cookie or bearer token), also put in `userId`; undefined without a
 * valid session. Looked up once per request, and answered from the session cache when the same
 * credentials were seen before or are being looked up (ADR 0011).
 */
export async function signedInUserId(auth: Auth, c: Context<AppEnv>): Promise<number | undefined> {
  const known = c.get('userId');
  if (known) return known;
  const headers = c.req.raw.headers;
  const cookie = headers.get('cookie');
  const authorization = headers.get('authorization');
  if (!cookie && !authorization) return undefined;
  // The credentials are the key: the same headers get the same answer from Better Auth.
  const key = `${cookie ?? ''}\n${authorization ?? ''}`;
  const userId = await auth.sessions.userOf(key, async () => {
    const session = await auth.api.getSession({ headers });
    return session && { userId: Number(session.user.id), expiresAt: session.session.expiresAt };
  });
  if (userId === undefined) return undefined;
  c.set('userId', userId);
  return userId;
}

/** Admits only a signed-in user (session cookie or bearer token) and puts their id in `userId`. */
export function requireUser(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if ((await signedInUserId(auth, c)) === undefined) throw unauthorized();
    await next();
  };
}

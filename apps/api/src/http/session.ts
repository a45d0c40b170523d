import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../modules/auth/auth.ts';
import type { AppEnv } from './context.ts';
import { unauthorized } from './errors.ts';

/** Admits only a signed-in user (session cookie or bearer token) and puts their id in `userId`. */
export function requireUser(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Routers mounted side by side may each guard the same path: one session lookup is enough.
    if (c.get('userId')) return next();
    const headers = c.req.raw.headers;
    const cookie = headers.get('cookie');
    const authorization = headers.get('authorization');
    // The credentials are the key: the same headers get the same answer from Better Auth (ADR 0011).
    const key = cookie || authorization ? `${cookie ?? ''}\n${authorization ?? ''}` : undefined;
    let userId = key === undefined ? undefined : auth.sessions.get(key);
    if (userId === undefined) {
      const epoch = auth.sessions.epoch;
      const session = await auth.api.getSession({ headers });
      if (!session) throw unauthorized();
      userId = Number(session.user.id);
      if (key !== undefined) auth.sessions.set(key, userId, session.session.expiresAt, epoch);
    }
    c.set('userId', userId);
    await next();
  };
}

import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../modules/auth/auth.ts';
import type { AppEnv } from './context.ts';
import { unauthorized } from './errors.ts';

/** Admits only a signed-in user (session cookie or bearer token) and puts their id in `userId`. */
export function requireUser(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Routers mounted side by side may each guard the same path: one session lookup is enough.
    if (c.get('userId')) return next();
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthorized();
    c.set('userId', Number(session.user.id));
    await next();
  };
}

import type { Logger } from '../logger.ts';

/** Variables every request handler can read with `c.get(...)`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** The origin links built for this request start with (http/public-origin.ts). */
    publicOrigin: string;
    /** Set by the guard of the signed-in zone (http/signed-in-zone.ts). */
    userId: number;
    /** Set by the console's guard (modules/admin) on /api/admin routes. */
    operator: { id: number; email: string };
  };
};

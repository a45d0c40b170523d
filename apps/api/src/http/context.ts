import type { TrackEvent } from '../lib/track.ts';
import type { Logger } from '../logger.ts';

/** Variables every request handler can read with `c.get(...)`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by `requireUser` on authenticated routes. */
    userId: number;
    /** Records an analytics event the server knows happened (modules/analytics, set by app.ts). */
    track: TrackEvent;
    /** Set by the console's guard (modules/admin) on /api/admin routes. */
    operator: { id: number; email: string };
  };
};

import type { Logger } from '../logger.ts';

/** Variables every request handler can read with `c.get(...)`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by `requireUser` on authenticated routes. */
    userId: number;
  };
};

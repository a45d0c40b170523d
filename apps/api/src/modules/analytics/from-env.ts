import type { Db } from '../../db/client.ts';
import { appOrigins, type Env } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { type Analytics, createAnalytics } from './analytics.ts';
import { createMixpanelForwarder } from './mixpanel-forwarder.ts';

/** The analytics store of a process, forwarding to Mixpanel when MIXPANEL_TOKEN is set (ADR 0017). */
export function analyticsFromEnv(env: Env, db: Db, logger: Logger): Analytics {
  const forwarder = env.MIXPANEL_TOKEN
    ? createMixpanelForwarder({ token: env.MIXPANEL_TOKEN, apiUrl: env.MIXPANEL_API_URL }, logger)
    : undefined;
  return createAnalytics({
    db,
    logger,
    ownHosts: appOrigins(env).map((origin) => new URL(origin).hostname),
    ...(forwarder ? { forwarder } : {}),
  });
}

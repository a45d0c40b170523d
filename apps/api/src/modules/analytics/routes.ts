import { analyticsBatchSchema } from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { badRequest } from '../../http/errors.ts';
import { signedInUserId } from '../../http/session.ts';
import { firstIssue } from '../../http/validation.ts';
import { countWrite, WRITE_LIMITS } from '../../lib/write-counters.ts';
import type { Auth } from '../auth/auth.ts';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import type { Analytics } from './analytics.ts';

/**
 * POST /api/analytics/events: the browser's batches, same origin (blockers don't drop them), signed in
 * or not. The body is read as text: `navigator.sendBeacon` sends it as text/plain when the page hides.
 * A body over ANALYTICS_BODY_LIMIT is refused with 413 before this (app.ts).
 */
export function analyticsRoutes(deps: {
  auth: Auth;
  db: Db;
  analytics: Analytics;
  writeLimitMultiplier: number;
}) {
  const app = createRouter();
  app.post('/analytics/events', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw badRequest('El lote de eventos no es JSON válido');
    }
    const parsed = analyticsBatchSchema.safeParse(body);
    if (!parsed.success) {
      const { message, field } = firstIssue(parsed.error);
      throw badRequest(message, field);
    }
    const userId = await signedInUserId(deps.auth, c);
    await countWrite(
      deps.db,
      userId ?? `ip:${c.req.header(CLIENT_IP_HEADER) ?? 'local'}`,
      WRITE_LIMITS.analytics,
      deps.writeLimitMultiplier,
    );
    const accepted = await deps.analytics.recordBatch({
      batch: parsed.data,
      userId,
      userAgent: c.req.header('user-agent'),
    });
    return c.json({ accepted }, 202);
  });
  return app;
}

import { createRoute, z } from '@hono/zod-openapi';
import type { Router } from './create-router.ts';

const PING_TIMEOUT_MS = 2_000;

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Sistema'],
  summary: 'Estado del servicio',
  description: 'Responde 200 solo si la base de datos contesta.',
  responses: {
    200: {
      description: 'El servicio y su base de datos funcionan',
      content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } },
    },
    503: {
      description: 'La base de datos no responde',
      content: { 'application/json': { schema: z.object({ status: z.literal('unavailable') }) } },
    },
  },
});

export function mountHealth(api: Router, ping: () => Promise<void>): void {
  // Checks that arrive while a ping is out share its answer: a load balancer's (or a load test's)
  // burst of checks costs the database one statement, not one each.
  let inFlight: Promise<void> | undefined;
  const sharedPing = () => {
    inFlight ??= ping().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  api.openapi(healthRoute, async (c) => {
    try {
      await withTimeout(sharedPing(), PING_TIMEOUT_MS);
      return c.json({ status: 'ok' as const }, 200);
    } catch {
      return c.json({ status: 'unavailable' as const }, 503);
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

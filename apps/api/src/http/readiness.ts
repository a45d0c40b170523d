import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '../db/client.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { Queue } from '../jobs/queue.ts';
import type { Router } from './create-router.ts';

const CHECK_TIMEOUT_MS = 2_000;

/** What a process needs before it takes traffic; each one missing is named in the 503. */
const MISSING = ['database', 'migrations', 'queue', 'shutting_down'] as const;
type Missing = (typeof MISSING)[number];

const readyRoute = createRoute({
  method: 'get',
  path: '/health/ready',
  tags: ['Sistema'],
  summary: 'Preparado para recibir tráfico',
  description:
    'Responde 200 solo cuando la base de datos contesta, todas las migraciones están aplicadas y la cola de ' +
    'trabajos funciona; 503 con lo que falta en otro caso, y mientras el proceso se detiene. `/api/health` ' +
    'solo dice que el proceso vive.',
  responses: {
    200: {
      description: 'Preparado',
      content: { 'application/json': { schema: z.object({ status: z.literal('ready') }) } },
    },
    503: {
      description: 'Aún no (o ya no) está preparado',
      content: {
        'application/json': {
          schema: z.object({ status: z.literal('unavailable'), missing: z.array(z.enum(MISSING)) }),
        },
      },
    },
  },
});

export interface ReadinessDeps {
  database: Database;
  /** The job queue; a process without one (API tests) is never ready. */
  queue?: Queue;
  /** True from the moment the process begins to stop (server.ts). */
  shuttingDown(): boolean;
}

/** `/api/health/ready` (ADR 0035): what a load balancer or an orchestrator asks before sending traffic. */
export function mountReadiness(api: Router, deps: ReadinessDeps): void {
  let queueRunning = deps.queue !== undefined;
  deps.queue?.on('stopped', () => {
    queueRunning = false;
  });
  // Checks that arrive while one is out share its answer, as /api/health's ping does.
  let inFlight: Promise<Missing[]> | undefined;
  const check = async (): Promise<Missing[]> => {
    const missing: Missing[] = [];
    if (deps.shuttingDown()) missing.push('shutting_down');
    try {
      await withTimeout(deps.database.ping(), CHECK_TIMEOUT_MS);
      try {
        if ((await withTimeout(pendingMigrations(deps.database), CHECK_TIMEOUT_MS)) > 0)
          missing.push('migrations');
      } catch {
        // The database answers but has no record of migrations: none was applied.
        missing.push('migrations');
      }
    } catch {
      missing.push('database');
    }
    if (!queueRunning) missing.push('queue');
    return missing;
  };
  api.openapi(readyRoute, async (c) => {
    inFlight ??= check().finally(() => {
      inFlight = undefined;
    });
    const missing = await inFlight;
    if (missing.length === 0) return c.json({ status: 'ready' as const }, 200);
    return c.json({ status: 'unavailable' as const, missing }, 503);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

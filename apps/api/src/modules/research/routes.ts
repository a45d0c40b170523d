import { createRoute, z } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  latestResearchSchema,
  researchReportSchema,
  researchRequestSchema,
  researchSchema,
} from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { json, signedIn } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { createStreamCounter, streamEvents } from './events-stream.ts';
import { latestResearch, ownedRun, researchOf, researchReport } from './read-research.ts';
import { type SendResearchJob, startResearch } from './start-research.ts';

const tags = ['Investigación de mercado'];
const errors = {
  400: { description: 'Datos no válidos', content: json(apiErrorSchema) },
  401: { description: 'Sin sesión', content: json(apiErrorSchema) },
  404: { description: 'No existe o no es tuyo', content: json(apiErrorSchema) },
};

/**
 * Market research (ADR 0016, product.md §7 `POST /researches`): start a run (idempotent per business), the
 * latest run of a business, a run's report, and a run's events as Server-Sent Events.
 */
export function researchRoutes(db: Db, send: SendResearchJob) {
  const app = createRouter();
  const streams = createStreamCounter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/researches',
      tags,
      summary: 'Empezar la investigación de mercado de un negocio (o dar la que está en marcha)',
      description:
        'Starter no incluye investigaciones (queda como `disabled`); Founder, una por periodo de facturación ' +
        '(403 `RESEARCH_NOT_ALLOWED`); los planes CEO, sin límite y una a la vez por negocio.',
      security: signedIn,
      request: { body: { required: true, content: json(researchRequestSchema) } },
      responses: {
        202: { description: 'En marcha', content: json(researchSchema) },
        403: { description: 'El plan no lo permite', content: json(apiErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const run = await startResearch(db, send, c.get('userId'), body.business_id, body.max_tokens);
      return c.json(await researchOf(db, run), 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/research',
      tags,
      summary: 'La última investigación de un negocio y cuándo se completó la última',
      security: signedIn,
      request: { params: idParams },
      responses: { 200: { description: 'La última', content: json(latestResearchSchema) }, ...errors },
    }),
    async (c) => c.json(await latestResearch(db, c.get('userId'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/researches/{id}',
      tags,
      summary: 'El informe de una investigación, con sus fuentes',
      security: signedIn,
      request: { params: idParams },
      responses: { 200: { description: 'El informe', content: json(researchReportSchema) }, ...errors },
    }),
    async (c) => c.json(await researchReport(db, c.get('userId'), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/researches/{id}/events',
      tags,
      summary: 'El progreso de una investigación (Server-Sent Events, reanudable con Last-Event-ID)',
      security: signedIn,
      request: { params: idParams },
      responses: {
        200: {
          description: 'Los eventos, a medida que ocurren',
          content: { 'text/event-stream': { schema: z.string() } },
        },
        204: { description: 'La investigación terminó y no hay eventos nuevos' },
        429: { description: 'Demasiados seguimientos abiertos a la vez', content: json(apiErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const { run } = await ownedRun(db, c.get('userId'), c.req.valid('param').id);
      return (await streamEvents(c, db, run.id, { userId: c.get('userId'), streams })) as never;
    },
  );
  return app;
}

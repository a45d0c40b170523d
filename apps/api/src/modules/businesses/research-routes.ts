import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  latestResearchSchema,
  type Research,
  researchRequestSchema,
  researchSchema,
  STARTER_PLAN,
} from '@rumbo/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { researches, users } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/context.ts';
import { signedIn } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { requireUser } from '../../http/session.ts';
import { validationHook } from '../../http/validation.ts';
import type { Auth } from '../auth/auth.ts';
import type { BusinessService } from './service.ts';

const tags = ['Investigación de mercado'];
const errors = {
  400: { description: 'Datos no válidos', content: { 'application/json': { schema: apiErrorSchema } } },
  401: { description: 'Sin sesión', content: { 'application/json': { schema: apiErrorSchema } } },
  404: {
    description: 'El negocio no existe o no es tuyo',
    content: { 'application/json': { schema: apiErrorSchema } },
  },
};

function toResearch(row: typeof researches.$inferSelect): Research {
  return {
    id: row.id,
    business_id: row.businessId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/researches records a market-research request for one of the caller's businesses
 * (spec §3 'Research'); on Starter, which has no research, it is recorded as disabled.
 * GET /api/businesses/{id}/research gives the latest one, for the chat screen's status line.
 */
export function researchRoutes(auth: Auth, db: Db, businessService: BusinessService) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/researches', requireUser(auth));
  app.use('/businesses/:id/research', requireUser(auth));
  app.openapi(
    createRoute({
      method: 'post',
      path: '/researches',
      tags,
      summary: 'Pedir una investigación de mercado para un negocio',
      security: signedIn,
      request: {
        body: { required: true, content: { 'application/json': { schema: researchRequestSchema } } },
      },
      responses: {
        202: { description: 'Pedida', content: { 'application/json': { schema: researchSchema } } },
        ...errors,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const userId = c.get('userId');
      await businessService.assertOwner(userId, body.business_id);
      const [user] = await db.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
      const [row] = await db
        .insert(researches)
        .values({
          businessId: body.business_id,
          maxTokens: body.max_tokens,
          // Starter has no research; without a plan yet (onboarding) it waits for the plan to be chosen.
          status: user?.planId === STARTER_PLAN ? 'disabled' : 'pending',
        })
        .returning();
      return c.json(toResearch(row as typeof researches.$inferSelect), 202);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/research',
      tags,
      summary: 'La última investigación de mercado de un negocio (null si no hay ninguna)',
      security: signedIn,
      request: { params: idParams },
      responses: {
        200: { description: 'La última', content: { 'application/json': { schema: latestResearchSchema } } },
        ...errors,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await businessService.assertOwner(c.get('userId'), id);
      const [row] = await db
        .select()
        .from(researches)
        .where(eq(researches.businessId, id))
        .orderBy(desc(researches.id))
        .limit(1);
      return c.json({ research: row ? toResearch(row) : null }, 200);
    },
  );
  return app;
}

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema, researchRequestSchema, STARTER_PLAN } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { researches, users } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/context.ts';
import { signedIn } from '../../http/openapi.ts';
import { requireUser } from '../../http/session.ts';
import { validationHook } from '../../http/validation.ts';
import type { Auth } from '../auth/auth.ts';
import type { BusinessService } from './service.ts';

const researchStatusSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  status: z.enum(['pending', 'running', 'completed', 'failed', 'disabled']),
});

/**
 * POST /api/researches records a market-research request for one of the caller's businesses
 * (spec §3 'Research'). On Starter, which has no research, it is recorded as disabled.
 */
export function researchRoutes(auth: Auth, db: Db, businessService: BusinessService) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/researches', requireUser(auth));
  app.openapi(
    createRoute({
      method: 'post',
      path: '/researches',
      tags: ['Investigación de mercado'],
      summary: 'Pedir una investigación de mercado para un negocio',
      security: signedIn,
      request: {
        body: { required: true, content: { 'application/json': { schema: researchRequestSchema } } },
      },
      responses: {
        202: { description: 'Pedida', content: { 'application/json': { schema: researchStatusSchema } } },
        400: { description: 'Datos no válidos', content: { 'application/json': { schema: apiErrorSchema } } },
        404: {
          description: 'El negocio no existe o no es tuyo',
          content: { 'application/json': { schema: apiErrorSchema } },
        },
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
      const created = row as typeof researches.$inferSelect;
      return c.json({ id: created.id, business_id: created.businessId, status: created.status }, 202);
    },
  );
  return app;
}

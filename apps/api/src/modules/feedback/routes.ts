import { createRoute } from '@hono/zod-openapi';
import { productFeedbackInputSchema, productFeedbackResultSchema } from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { errorResponse, json, signedIn } from '../../http/openapi.ts';
import { submitFeedback } from './submit-feedback.ts';

export const FEEDBACK_THANKS = 'Gracias, hemos recibido tu comentario';

/**
 * POST /api/feedback: the home's in-app feedback form, used when no FEEDBACK_URL is configured. The
 * comments are read in the operator's console; the write limits (http/write-limits.ts) keep a user
 * from flooding it.
 */
export function feedbackRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/feedback',
      tags: ['Comentarios'],
      summary: 'Enviar un comentario sobre el producto al equipo (de 1 a 2000 caracteres)',
      security: signedIn,
      request: { body: { required: true, content: json(productFeedbackInputSchema) } },
      responses: {
        201: { description: 'Recibido', content: json(productFeedbackResultSchema) },
        400: errorResponse('Comentario vacío o demasiado largo'),
        401: errorResponse('Sin sesión'),
        429: errorResponse('`TOO_MANY_REQUESTS`: demasiados comentarios seguidos (`Retry-After`)'),
      },
    }),
    async (c) => {
      const { id } = await submitFeedback(db, c.get('userId'), c.req.valid('json'));
      return c.json({ id, message: FEEDBACK_THANKS }, 201);
    },
  );
  return app;
}

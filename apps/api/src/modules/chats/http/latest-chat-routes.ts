import { createRoute } from '@hono/zod-openapi';
import { latestChatSchema } from '@rumbo/contract';
import type { Db } from '../../../db/client.ts';
import { createRouter } from '../../../http/create-router.ts';
import { json, signedIn } from '../../../http/openapi.ts';
import { latestChat } from '../thread/latest-chat.ts';
import { errors, tags } from './route-docs.ts';

/** GET /api/chats/latest: always 200, `{ chat: null }` when there is none (the home shows an empty state). */
export function latestChatRoutes(db: Db) {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/chats/latest',
      tags,
      summary: 'La conversación con actividad más reciente del usuario, en cualquiera de sus negocios',
      security: signedIn,
      responses: {
        200: { description: 'La última (o null)', content: json(latestChatSchema) },
        401: errors[401],
      },
    }),
    async (c) => c.json(await latestChat(db, c.get('userId')), 200),
  );
  return app;
}

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  answerFeedbackResultSchema,
  answerFeedbackSchema,
  CHAT_SEARCH_MAX_RESULTS,
  chatSchema,
  chatSearchHitSchema,
  chatSearchQuerySchema,
  renameChatSchema,
} from '@rumbo/contract';
import contentDisposition from 'content-disposition';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/context.ts';
import { errorResponse, json, signedIn } from '../../http/openapi.ts';
import { idParams as businessParams, idParam } from '../../http/params.ts';
import { validationHook } from '../../http/validation.ts';
import type { FileStorage } from '../files/storage.ts';
import { clearAnswerFeedback, setAnswerFeedback } from './answer-feedback.ts';
import { deleteChat } from './delete-chat.ts';
import { exportChat } from './export-chat.ts';
import { renameChat } from './rename-chat.ts';
import { searchChats } from './search-chats.ts';

/** What the thread actions need: the database, and the file storage (a deletion removes files). */
export interface ChatActionDeps {
  db: Db;
  storage: FileStorage;
}

const tags = ['Chats'];
const security = signedIn;
const chatParams = z.object({ id: idParam('id'), chatId: idParam('chatId') });
const messageParams = chatParams.extend({ messageId: idParam('messageId') });
const errors = {
  400: errorResponse('Datos no válidos (`field` dice cuál)'),
  401: errorResponse('Sin sesión'),
  404: errorResponse('El negocio, el chat o el mensaje no existen o no son tuyos'),
};

/**
 * Rename, delete, search and export threads, and rate answers (issue 16). Mounted by chatRoutes before
 * its `{chatId}` routes, so that `/chats/search` is not read as a chat id; signed-in only (its guard).
 */
export function chatActionRoutes({ db, storage }: ChatActionDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/chats/search',
      tags,
      summary: 'Buscar en los títulos y mensajes de los chats del negocio (texto completo, sin acentos)',
      description: `Hasta ${CHAT_SEARCH_MAX_RESULTS} chats, del más nuevo al más antiguo. En \`snippet\`, las palabras encontradas van entre los caracteres U+E000 y U+E001.`,
      security,
      request: { params: businessParams, query: chatSearchQuerySchema },
      responses: {
        200: { description: 'Los chats encontrados', content: json(z.array(chatSearchHitSchema)) },
        ...errors,
      },
    }),
    async (c) =>
      c.json(await searchChats(db, c.get('userId'), c.req.valid('param').id, c.req.valid('query').q), 200),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/businesses/{id}/chats/{chatId}',
      tags,
      summary: 'Renombrar un chat (solo cambia el título)',
      security,
      request: {
        params: chatParams,
        body: { required: true, content: json(renameChatSchema) },
      },
      responses: { 200: { description: 'El chat renombrado', content: json(chatSchema) }, ...errors },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      return c.json(await renameChat(db, c.get('userId'), id, chatId, c.req.valid('json').title), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/businesses/{id}/chats/{chatId}',
      tags,
      summary: 'Eliminar un chat con sus mensajes y archivos adjuntos',
      security,
      request: { params: chatParams },
      responses: { 204: { description: 'Eliminado' }, 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      await deleteChat(db, storage, c.get('userId'), id, chatId);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/chats/{chatId}/export',
      tags,
      summary: 'Descargar un chat en Markdown (título, fechas, preguntas, respuestas y adjuntos)',
      security,
      request: { params: chatParams },
      responses: {
        200: { description: 'El archivo .md', content: { 'text/markdown': { schema: z.string() } } },
        401: errors[401],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      const { fileName, markdown } = await exportChat(db, c.get('userId'), id, chatId);
      return c.body(markdown, 200, {
        'Content-Type': 'text/markdown; charset=utf-8',
        'Content-Disposition': contentDisposition(fileName),
        'Cache-Control': 'no-store',
      }) as never;
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/businesses/{id}/chats/{chatId}/messages/{messageId}/feedback',
      tags,
      summary: 'Valorar una respuesta terminada (pulgar arriba o abajo, con un motivo opcional)',
      security,
      request: {
        params: messageParams,
        body: { required: true, content: json(answerFeedbackSchema) },
      },
      responses: {
        200: { description: 'La valoración guardada', content: json(answerFeedbackResultSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await setAnswerFeedback(db, c.get('userId'), id, chatId, messageId, input), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/businesses/{id}/chats/{chatId}/messages/{messageId}/feedback',
      tags,
      summary: 'Quitar la valoración de una respuesta',
      security,
      request: { params: messageParams },
      responses: { 204: { description: 'Quitada' }, 401: errors[401], 404: errors[404] },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      await clearAnswerFeedback(db, c.get('userId'), id, chatId, messageId);
      return c.body(null, 204);
    },
  );

  return app;
}

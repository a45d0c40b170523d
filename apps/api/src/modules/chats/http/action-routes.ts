import { createRoute, z } from '@hono/zod-openapi';
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
import { createRouter } from '../../../http/create-router.ts';
import { json, signedIn as security } from '../../../http/openapi.ts';
import { idParams as businessParams } from '../../../http/params.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { clearAnswerFeedback, setAnswerFeedback } from '../thread/answer-feedback.ts';
import { deleteChat } from '../thread/delete-chat.ts';
import { exportChat } from '../thread/export-chat.ts';
import { renameChat } from '../thread/rename-chat.ts';
import { searchChats } from '../thread/search-chats.ts';
import { chatParams, invalidOrNotYours, messageParams, notYours, tags } from './route-docs.ts';

/**
 * Rename, delete, search and export threads, and rate answers (product.md §2.6). Mounted by chatRoutes before
 * its `{chatId}` routes, so that `/chats/search` is not read as a chat id.
 */
export function chatActionRoutes({ db, storage }: Pick<ChatDeps, 'db' | 'storage'>) {
  const app = createRouter();

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
        ...invalidOrNotYours,
      },
    }),
    async (c) =>
      c.json(
        await searchChats(
          db,
          { userId: c.get('userId'), businessId: c.req.valid('param').id },
          c.req.valid('query').q,
        ),
        200,
      ),
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
      responses: {
        200: { description: 'El chat renombrado', content: json(chatSchema) },
        ...invalidOrNotYours,
      },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      return c.json(
        await renameChat(db, { userId: c.get('userId'), businessId: id, chatId }, c.req.valid('json').title),
        200,
      );
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
      responses: { 204: { description: 'Eliminado' }, ...notYours },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      await deleteChat({ db, storage }, { userId: c.get('userId'), businessId: id, chatId });
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
        ...notYours,
      },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      const { fileName, markdown } = await exportChat(db, {
        userId: c.get('userId'),
        businessId: id,
        chatId,
      });
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
        ...invalidOrNotYours,
      },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(
        await setAnswerFeedback(db, { userId: c.get('userId'), businessId: id, chatId, messageId }, input),
        200,
      );
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
      responses: { 204: { description: 'Quitada' }, ...notYours },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      await clearAnswerFeedback(db, { userId: c.get('userId'), businessId: id, chatId, messageId });
      return c.body(null, 204);
    },
  );

  return app;
}

import { createRoute, z } from '@hono/zod-openapi';
import {
  CHAT_LIST_PAGE,
  CHAT_LIST_PAGE_MAX,
  chatListQuerySchema,
  chatMessagesSchema,
  chatSchema,
  sendResultSchema,
} from '@rumbo/contract';
import { createRouter } from '../../../http/create-router.ts';
import { json, signedIn as security } from '../../../http/openapi.ts';
import { idParams as businessParams } from '../../../http/params.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { sendAndWait } from '../send/send-and-wait.ts';
import { sendMessage, withSendStatement } from '../send/send-message.ts';
import { createChat } from '../thread/create-chat.ts';
import { listChats } from '../thread/list-chats.ts';
import { readChatWithFeedback } from '../thread/read-chat.ts';
import { chatActionRoutes } from './action-routes.ts';
import { answerRoutes } from './answer-routes.ts';
import { readSend } from './read-send.ts';
import { chatParams, notYours, sendBody, sendErrors, streamedText, tags } from './route-docs.ts';
import { streamAnswer } from './stream-answer.ts';

/** The chats of a business and the send (signed-in only: the app's guard zone covers /businesses/*). */
export function chatRoutes(deps: ChatDeps) {
  const { db } = deps;
  const sending = withSendStatement(deps);
  const app = createRouter();
  // Before the `{chatId}` routes: `/chats/search` must not be read as a chat id.
  app.route('/', chatActionRoutes(deps));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/chats',
      tags,
      summary: 'Los chats de un negocio, del más nuevo al más antiguo, por páginas',
      description: `Hasta \`limit\` chats (${CHAT_LIST_PAGE} por defecto, como máximo ${CHAT_LIST_PAGE_MAX}); con \`before\`, los anteriores a ese chat. Una página con menos de \`limit\` es la última.`,
      security,
      request: { params: businessParams, query: chatListQuerySchema },
      responses: { 200: { description: 'Lista', content: json(z.array(chatSchema)) }, ...notYours },
    }),
    async (c) =>
      c.json(
        await listChats(
          db,
          { userId: c.get('userId'), businessId: c.req.valid('param').id },
          c.req.valid('query'),
        ),
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats',
      tags,
      summary: 'Crear un chat (cuerpo vacío); recibe su título con el primer intercambio',
      security,
      request: { params: businessParams },
      responses: { 201: { description: 'Creado', content: json(chatSchema) }, ...notYours },
    }),
    async (c) => c.json(await createChat(db, c.get('userId'), c.req.valid('param').id), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/chats/{chatId}',
      tags,
      summary: 'Los mensajes de un chat (una respuesta en curso aparece con finished=false)',
      security,
      request: { params: chatParams },
      responses: {
        200: { description: 'El chat y sus mensajes', content: json(chatMessagesSchema) },
        ...notYours,
      },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      return c.json(
        await readChatWithFeedback(deps, { userId: c.get('userId'), businessId: id, chatId }),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats/{chatId}/messages',
      tags,
      summary: 'Enviar un mensaje y esperar la respuesta completa',
      security,
      request: { params: chatParams, body: sendBody },
      responses: {
        200: {
          description: 'Reintento de un envío ya hecho: el mismo mensaje y respuesta',
          content: json(sendResultSchema),
        },
        201: { description: 'El mensaje y su respuesta', content: json(sendResultSchema) },
        ...sendErrors,
      },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      const { body, replayed } = await sendAndWait(
        sending,
        { userId: c.get('userId'), businessId: id, chatId },
        await readSend(c),
      );
      return c.json(body, replayed ? 200 : 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats/{chatId}/messages/stream',
      tags,
      summary: 'Enviar un mensaje y recibir la respuesta en streaming (texto plano por trozos)',
      description:
        'La respuesta se genera en el servidor aunque el cliente se desconecte: reabrir el chat la muestra. ' +
        'Las cabeceras X-Chat-Id, X-Message-Id (la pregunta), X-Answer-Id (la respuesta) y X-Answer-Kind ' +
        '(model, credits_exhausted, not_configured o error) llegan antes del primer byte. Si la generación ' +
        'falla, la conexión se corta sin terminar el cuerpo: reintentar con el mismo `client_message_id` ' +
        'vuelve a intentarlo sin duplicar nada.',
      security,
      request: { params: chatParams, body: sendBody },
      responses: {
        200: streamedText('El texto de la respuesta, a medida que se genera'),
        ...sendErrors,
      },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      const outcome = await sendMessage(
        sending,
        { userId: c.get('userId'), businessId: id, chatId },
        await readSend(c),
      );
      return streamAnswer(c, outcome, deps.engine.writeTick);
    },
  );

  app.route('/', answerRoutes(deps));
  return app;
}

import { createRoute, z } from '@hono/zod-openapi';
import {
  chatMessagesSchema,
  editQuestionSchema,
  messageSchema,
  regenerateAnswerSchema,
} from '@rumbo/contract';
import contentDisposition from 'content-disposition';
import { createRouter } from '../../../http/create-router.ts';
import { badRequest } from '../../../http/errors.ts';
import { json, signedIn as security } from '../../../http/openapi.ts';
import type { ChatDeps } from '../chat-deps.ts';
import { stopAnswer } from '../engine/stop-answer.ts';
import { answerAgain } from '../send/answer-again.ts';
import { showVersion } from '../thread/answer-versions.ts';
import { readAttachment } from '../thread/read-attachment.ts';
import { readChatWithFeedback } from '../thread/read-chat.ts';
import {
  answerAgainResponses,
  attachmentParams,
  messageParams,
  notYours,
  showVersionErrors,
  tags,
} from './route-docs.ts';
import { streamAnswer } from './stream-answer.ts';

/** An answer asked again (regenerated, or its question edited), another version shown, stopped; an attachment downloaded. */
export function answerRoutes(deps: ChatDeps) {
  const { db, storage, engine } = deps;
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats/{chatId}/messages/{messageId}/regenerate',
      tags,
      summary: 'Regenerar una respuesta: una versión nueva, en streaming; las anteriores se conservan',
      description:
        '`messageId` es la respuesta o su pregunta, en la rama que muestra el chat (409 si no, o si una respuesta ' +
        'se está escribiendo). Se cobra como una respuesta nueva; la versión nueva se muestra y el chat sigue desde ' +
        'ella (`versions` del mensaje las lista; POST …/show cambia de versión). Una respuesta fallida se intenta ' +
        'de nuevo en su sitio. El cuerpo y las cabeceras son los del envío en streaming. Un reintento con el mismo ' +
        '`client_message_id` se engancha al mismo intento.',
      security,
      request: {
        params: messageParams,
        body: { required: false, content: { 'application/json': { schema: regenerateAnswerSchema } } },
      },
      responses: { ...answerAgainResponses },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      const body = (await c.req.json().catch(() => ({}))) as unknown;
      const parsed = regenerateAnswerSchema.safeParse(body ?? {});
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Datos no válidos');
      const clientMessageId = parsed.data.client_message_id;
      return streamAnswer(
        c,
        await answerAgain(
          deps,
          { userId: c.get('userId'), businessId: id, chatId, messageId },
          { clientMessageId },
        ),
        engine.writeTick,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats/{chatId}/messages/{messageId}/edit',
      tags,
      summary: 'Editar una pregunta: una rama nueva del chat desde ella, en streaming',
      description:
        '`messageId` es una pregunta (o su respuesta) de la rama que muestra el chat. La pregunta se hace de nuevo ' +
        'con el texto nuevo y los mismos archivos, y se responde, cobrada como una respuesta; la rama anterior se ' +
        'conserva como otra versión de la pregunta. 409 si una respuesta se está escribiendo.',
      security,
      request: { params: messageParams, body: { required: true, content: json(editQuestionSchema) } },
      responses: { ...answerAgainResponses },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      const body = c.req.valid('json');
      return streamAnswer(
        c,
        await answerAgain(
          deps,
          { userId: c.get('userId'), businessId: id, chatId, messageId },
          {
            clientMessageId: body.client_message_id,
            content: body.content,
          },
        ),
        engine.writeTick,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats/{chatId}/messages/{messageId}/show',
      tags,
      summary: 'Mostrar otra versión de un mensaje; el chat sigue desde ella',
      description:
        '`messageId` es una de las `versions` de un mensaje de la rama mostrada. Se muestra con la rama que la ' +
        'seguía cuando se vio por última vez; las próximas preguntas continúan desde ahí. 409 mientras se escribe ' +
        'una respuesta de la rama que se deja.',
      security,
      request: { params: messageParams },
      responses: {
        200: { description: 'El chat tal como se muestra ahora', content: json(chatMessagesSchema) },
        ...showVersionErrors,
      },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      await showVersion(db, { userId: c.get('userId'), businessId: id, chatId, messageId });
      // The chat as it now reads, from the version shown on.
      return c.json(
        await readChatWithFeedback(deps, { userId: c.get('userId'), businessId: id, chatId }),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats/{chatId}/messages/{messageId}/stop',
      tags,
      summary: 'Parar una respuesta en curso (el botón de parar); se conserva el texto generado',
      description:
        '`messageId` es la respuesta (X-Answer-Id) o la pregunta (X-Message-Id). Corta la llamada al modelo, ' +
        'guarda el texto parcial y marca la respuesta como terminada; parar una respuesta ya terminada no cambia nada.',
      security,
      request: { params: messageParams },
      responses: {
        200: { description: 'La respuesta tal como ha quedado', content: json(messageSchema) },
        ...notYours,
      },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      return c.json(
        await stopAnswer(deps, { userId: c.get('userId'), businessId: id, chatId, messageId }),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/chats/{chatId}/attachments/{attachmentId}',
      tags,
      summary: 'Descargar un archivo adjunto (solo su dueño)',
      security,
      request: { params: attachmentParams },
      responses: {
        200: { description: 'El archivo', content: { 'application/octet-stream': { schema: z.any() } } },
        ...notYours,
      },
    }),
    async (c) => {
      const { id, chatId, attachmentId } = c.req.valid('param');
      const { attachment, data } = await readAttachment(
        { db, storage },
        { userId: c.get('userId'), businessId: id, chatId },
        attachmentId,
      );
      // Images and text open in the browser, under a sandbox in which nothing runs. A PDF downloads:
      // a browser's own PDF viewer runs the document's JavaScript whatever the policy, so the app shows
      // PDFs in its own viewer instead (ADR 0032). Word documents download.
      const inline = attachment.type === 'image' || attachment.mimeType === 'text/plain';
      return c.body(new Uint8Array(data), 200, {
        'Content-Type':
          attachment.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : attachment.mimeType,
        'Content-Disposition': contentDisposition(attachment.name, {
          type: inline ? 'inline' : 'attachment',
        }),
        'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        'Cache-Control': 'private, max-age=31536000, immutable',
      }) as never;
    },
  );

  return app;
}

import { createRoute, z } from '@hono/zod-openapi';
import { editQuestionSchema, messageSchema, regenerateAnswerSchema } from '@rumbo/contract';
import contentDisposition from 'content-disposition';
import { createRouter } from '../../http/create-router.ts';
import { badRequest } from '../../http/errors.ts';
import { json, signedIn as security } from '../../http/openapi.ts';
import { answerAgainResponses, attachmentParams, messageParams, notYours, tags } from './route-docs.ts';
import type { ChatRouteDeps } from './routes.ts';
import { streamAnswer } from './stream-answer.ts';

/** An answer asked again (regenerated, or its question edited), stopped; an attachment downloaded. */
export function answerRoutes({ service, writeTick }: ChatRouteDeps) {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats/{chatId}/messages/{messageId}/regenerate',
      tags,
      summary: 'Regenerar la última respuesta del chat (un intento nuevo, en streaming)',
      description:
        '`messageId` es la respuesta o su pregunta, y debe ser el último intercambio del chat (409 si no). Se cobra ' +
        'como una respuesta nueva y el texto anterior se sustituye; el cuerpo y las cabeceras son los del envío en ' +
        'streaming. Un reintento con el mismo `client_message_id` se engancha al mismo intento.',
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
        await service.answerAgain(c.get('userId'), id, chatId, messageId, { clientMessageId }),
        writeTick,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats/{chatId}/messages/{messageId}/edit',
      tags,
      summary: 'Editar la última pregunta del chat y volver a responderla (en streaming)',
      description:
        '`messageId` es la última pregunta (o su respuesta). Su texto se sustituye y su respuesta se genera de ' +
        'nuevo, cobrada como una respuesta; 409 si no es el último intercambio.',
      security,
      request: { params: messageParams, body: { required: true, content: json(editQuestionSchema) } },
      responses: { ...answerAgainResponses },
    }),
    async (c) => {
      const { id, chatId, messageId } = c.req.valid('param');
      const body = c.req.valid('json');
      return streamAnswer(
        c,
        await service.answerAgain(c.get('userId'), id, chatId, messageId, {
          clientMessageId: body.client_message_id,
          content: body.content,
        }),
        writeTick,
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
      return c.json(await service.stop(c.get('userId'), id, chatId, messageId), 200);
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
      const { attachment, data } = await service.readAttachment(c.get('userId'), id, chatId, attachmentId);
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

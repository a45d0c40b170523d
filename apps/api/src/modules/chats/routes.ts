import type { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ATTACHMENT_MAX_FILES,
  CHAT_LIST_PAGE,
  CHAT_LIST_PAGE_MAX,
  CHAT_STREAM_HEADERS,
  chatListQuerySchema,
  chatMessagesSchema,
  chatSchema,
  clientMessageIdSchema,
  editQuestionSchema,
  MESSAGE_MAX_LENGTH,
  messageSchema,
  regenerateAnswerSchema,
  sendMessageSchema,
  sendResultSchema,
  userText,
} from '@rumbo/contract';
import contentDisposition from 'content-disposition';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { errorResponse, json, signedIn } from '../../http/openapi.ts';
import { idParams as businessParams, idParam } from '../../http/params.ts';
import { requireUser } from '../../http/session.ts';
import { validationHook } from '../../http/validation.ts';
import type { Auth } from '../auth/auth.ts';
import { type ChatActionDeps, chatActionRoutes } from './action-routes.ts';
import { withFeedback } from './answer-feedback.ts';
import { type ChatService, type SendInput, type SendOutcome, toMessage } from './service.ts';

const tags = ['Chats'];
const security = signedIn;
const chatParams = z.object({ id: idParam('id'), chatId: idParam('chatId') });
const messageParams = chatParams.extend({ messageId: idParam('messageId') });
const attachmentParams = chatParams.extend({
  attachmentId: z
    .string()
    .uuid()
    .openapi({ param: { name: 'attachmentId', in: 'path' } }),
});

const errors = {
  400: errorResponse('Datos no válidos (`field` dice cuál)'),
  401: errorResponse('Sin sesión'),
  404: errorResponse('El negocio, el chat o el mensaje no existen o no son tuyos'),
  413: errorResponse('Archivos demasiado grandes (también una vez descomprimidos)'),
  415: errorResponse('Tipo de archivo no admitido (se comprueba por su contenido)'),
};

/** What a send may also answer: its files are read only when the user can be answered. */
const sendErrors = {
  ...errors,
  403: errorResponse('`CREDITS_EXHAUSTED`: sin créditos para responder a un mensaje con archivos'),
  422: errorResponse('`DOCUMENT_TOO_COMPLEX`: un documento demasiado largo o complejo para leerlo'),
  429: errorResponse('`TOO_MANY_REQUESTS`: demasiados envíos o archivos leídos seguidos (`Retry-After`)'),
  503: errorResponse('Demasiados documentos leyéndose a la vez en el servidor; reintentar en un momento'),
};

const multipartSend = z.object({
  content: userText().max(MESSAGE_MAX_LENGTH).optional(),
  client_message_id: clientMessageIdSchema.optional(),
  files: z
    .any()
    .optional()
    .openapi({
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: `Hasta ${ATTACHMENT_MAX_FILES} archivos (campo repetido): imágenes, PDF, DOCX o TXT`,
    }),
});

const sendBody = {
  required: true,
  description:
    'JSON para mensajes de texto, o multipart/form-data con los mismos campos y `files` (repetido) para adjuntar. ' +
    '`client_message_id` (p. ej. un UUID generado por el cliente) hace el envío idempotente: un reintento con el ' +
    'mismo id no duplica el mensaje, la respuesta ni el cargo, y se engancha a la respuesta en curso.',
  content: {
    'application/json': { schema: sendMessageSchema },
    'multipart/form-data': { schema: multipartSend },
  },
};

/** The send's fields from a JSON or a multipart body. */
async function readSend(c: Context<AppEnv>): Promise<SendInput> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody({ all: true });
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const parsed = sendMessageSchema.safeParse({
      content: text(form.content) ?? '',
      client_message_id: text(form.client_message_id),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(issue?.message ?? 'Datos no válidos', issue?.path.join('.') || undefined);
    }
    const raw = form.files ?? form['files[]'] ?? [];
    const list = (Array.isArray(raw) ? raw : [raw]).filter((f): f is File => f instanceof File);
    const files = await Promise.all(
      list.map(async (file) => ({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) })),
    );
    return { content: parsed.data.content, clientMessageId: parsed.data.client_message_id, files };
  }
  const body = (c.req.valid as (target: 'json') => z.infer<typeof sendMessageSchema>)('json');
  return { content: body.content, clientMessageId: body.client_message_id, files: [] };
}

function streamHeaders(result: SendOutcome): Record<string, string> {
  return {
    'Content-Type': 'text/plain; charset=utf-8',
    // Headers go out at once instead of after the first chunks (@hono/node-server waits otherwise).
    'Transfer-Encoding': 'chunked',
    'Cache-Control': 'no-store',
    'X-Accel-Buffering': 'no',
    [CHAT_STREAM_HEADERS.chatId]: String(result.chat.id),
    [CHAT_STREAM_HEADERS.messageId]: String(result.message.id),
    [CHAT_STREAM_HEADERS.answerId]: String(result.answer.id),
    [CHAT_STREAM_HEADERS.answerKind]: result.kind,
  };
}

/** What the security middleware would add, for the responses written straight to the socket. */
const STREAM_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** What regenerating or editing may answer besides the stream. */
const answerAgainResponses = {
  200: {
    description: 'El texto de la nueva respuesta, a medida que se genera',
    content: { 'text/plain': { schema: z.string() } },
  },
  400: errors[400],
  401: errors[401],
  404: errors[404],
  409: errorResponse('No es el último intercambio del chat, o su respuesta todavía se está escribiendo'),
  429: sendErrors[429],
};

/** Streams an answer as `POST …/messages/stream` does (the send, regenerating, editing). */
function streamAnswer(c: Context<AppEnv>, result: SendOutcome): never {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && result.live) {
    // The hot path: the answer goes straight to the socket, without web streams (ADR 0010).
    outgoing.writeHead(200, { ...streamHeaders(result), ...STREAM_SECURITY_HEADERS });
    result.pipe(outgoing);
    return RESPONSE_ALREADY_SENT as never;
  }
  // On the Node server, a failed answer cuts the connection quietly (no error logged per stream).
  const cut = () => {
    if (!outgoing) return false;
    outgoing.destroy();
    return true;
  };
  return new Response(result.body(cut), { status: 200, headers: streamHeaders(result) }) as never;
}

export function chatRoutes(auth: Auth, service: ChatService, actions: ChatActionDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/businesses/:id/chats', requireUser(auth));
  app.use('/businesses/:id/chats/*', requireUser(auth));
  // Before the `{chatId}` routes: `/chats/search` must not be read as a chat id.
  app.route('/', chatActionRoutes(actions));

  app.openapi(
    createRoute({
      method: 'get',
      path: '/businesses/{id}/chats',
      tags,
      summary: 'Los chats de un negocio, del más nuevo al más antiguo, por páginas',
      description: `Hasta \`limit\` chats (${CHAT_LIST_PAGE} por defecto, como máximo ${CHAT_LIST_PAGE_MAX}); con \`before\`, los anteriores a ese chat. Una página con menos de \`limit\` es la última.`,
      security,
      request: { params: businessParams, query: chatListQuerySchema },
      responses: {
        200: { description: 'Lista', content: json(z.array(chatSchema)) },
        401: errors[401],
        404: errors[404],
      },
    }),
    async (c) =>
      c.json(await service.listChats(c.get('userId'), c.req.valid('param').id, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/businesses/{id}/chats',
      tags,
      summary: 'Crear un chat (cuerpo vacío); recibe su título con el primer intercambio',
      security,
      request: { params: businessParams },
      responses: {
        201: { description: 'Creado', content: json(chatSchema) },
        401: errors[401],
        404: errors[404],
      },
    }),
    async (c) => c.json(await service.createChat(c.get('userId'), c.req.valid('param').id), 201),
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
        401: errors[401],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      // With each rated answer's thumbs, so that a rating shows after a reload.
      return c.json(await withFeedback(actions.db, await service.readChat(c.get('userId'), id, chatId)), 200);
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
      const userId = c.get('userId');
      const result = await service.send(userId, id, chatId, await readSend(c));
      await result.done();
      const read = await service.readChat(userId, id, chatId);
      const find = (messageId: number) => read.messages.find((m) => m.id === messageId);
      const body = {
        chat: read.chat,
        message: find(result.message.id) ?? toMessage(result.message),
        answer: find(result.answer.id) ?? toMessage(result.answer),
      };
      return c.json(body, result.replayed ? 200 : 201);
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
        200: {
          description: 'El texto de la respuesta, a medida que se genera',
          content: { 'text/plain': { schema: z.string() } },
        },
        ...sendErrors,
      },
    }),
    async (c) => {
      const { id, chatId } = c.req.valid('param');
      return streamAnswer(c, await service.send(c.get('userId'), id, chatId, await readSend(c)));
    },
  );

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
        401: errors[401],
        404: errors[404],
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
        401: errors[401],
        404: errors[404],
      },
    }),
    async (c) => {
      const { id, chatId, attachmentId } = c.req.valid('param');
      const { attachment, data } = await service.readAttachment(c.get('userId'), id, chatId, attachmentId);
      // Images, PDF and text open in the browser; Word documents download. Nothing runs (sandbox).
      const inline =
        attachment.type === 'image' || /^(application\/pdf|text\/plain)$/.test(attachment.mimeType);
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

import { z } from '@hono/zod-openapi';
import {
  ATTACHMENT_MAX_FILES,
  clientMessageIdSchema,
  MESSAGE_MAX_LENGTH,
  sendMessageSchema,
  userText,
} from '@rumbo/contract';
import { errorResponse } from '../../../http/openapi.ts';
import { idParam } from '../../../http/params.ts';

// The OpenAPI pieces the chat routers share: their tag, parameters and error responses.

export const tags = ['Chats'];
export const chatParams = z.object({ id: idParam('id'), chatId: idParam('chatId') });
export const messageParams = chatParams.extend({ messageId: idParam('messageId') });
export const attachmentParams = chatParams.extend({
  attachmentId: z
    .string()
    .uuid()
    .openapi({ param: { name: 'attachmentId', in: 'path' } }),
});

export const errors = {
  400: errorResponse('Datos no válidos (`field` dice cuál)'),
  401: errorResponse('Sin sesión'),
  404: errorResponse('El negocio, el chat o el mensaje no existen o no son tuyos'),
  413: errorResponse('Archivos demasiado grandes (también una vez descomprimidos)'),
  415: errorResponse('Tipo de archivo no admitido (se comprueba por su contenido)'),
};

/** What a route of a signed-in user's chat answers when it is not theirs (or the session is missing). */
export const notYours = { 401: errors[401], 404: errors[404] };

/** What a route with parameters or a body of its own answers when they are not valid, or not yours. */
export const invalidOrNotYours = { 400: errors[400], ...notYours };

/** What a send may also answer: its files are read only when the user can be answered. */
export const sendErrors = {
  ...errors,
  403: errorResponse('`CREDITS_EXHAUSTED`: sin créditos para responder a un mensaje con archivos'),
  422: errorResponse('`DOCUMENT_TOO_COMPLEX`: un documento demasiado largo o complejo para leerlo'),
  429: errorResponse('`TOO_MANY_REQUESTS`: demasiados envíos o archivos leídos seguidos (`Retry-After`)'),
  503: errorResponse('Demasiados documentos leyéndose a la vez en el servidor; reintentar en un momento'),
};

/** The answer's text as a stream (the send, regenerating, editing). */
export const streamedText = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string() } },
});

/** What regenerating or editing may answer besides the stream. */
export const answerAgainResponses = {
  200: streamedText('El texto de la nueva respuesta, a medida que se genera'),
  ...invalidOrNotYours,
  409: errorResponse(
    'El mensaje ya no está en la rama mostrada, o una respuesta todavía se está escribiendo',
  ),
  429: sendErrors[429],
};

/** What showing another version may answer. */
export const showVersionErrors = {
  ...notYours,
  409: errorResponse('Una respuesta se está escribiendo, o el mensaje ya no está en la rama mostrada'),
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

export const sendBody = {
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

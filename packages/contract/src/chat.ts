import { z } from 'zod';

/** Spec §3 'Chat', 'Message', 'File attachment'. */
export const UNSAVED_CHAT_ID = -123;
export const UNSAVED_CHAT_START = 'no_started';
export const FAILED_ANSWER_CONTENT = 'error';
export const MAX_SEND_ATTEMPTS = 15;

export const chatSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  start_time: z.string(),
  title: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

export const ATTACHMENT_TYPES = ['image', 'document', 'other'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const fileAttachmentSchema = z.object({
  id: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  name: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
});
export type FileAttachment = z.infer<typeof fileAttachmentSchema>;

export const MESSAGE_SENDERS = ['user', 'ai_model'] as const;

export const messageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(MESSAGE_SENDERS),
  content: z.string(),
  /** ISO timestamp with 6 fractional digits, e.g. 2026-11-21T10:00:00.123456Z. */
  time: z.string(),
  finished: z.boolean(),
  fileAttachments: z.array(fileAttachmentSchema),
});
export type Message = z.infer<typeof messageSchema>;

const DOCUMENT_MIME_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
]);

/** Spec §3: image if the MIME type starts with image/; document for PDF, Word and plain text. */
export function attachmentTypeOf(mimeType: string): AttachmentType {
  if (mimeType.startsWith('image/')) return 'image';
  if (DOCUMENT_MIME_TYPES.has(mimeType)) return 'document';
  return 'other';
}

/** Formats a time as ISO 8601 with exactly 6 fractional digits (spec §3 'Message'). */
export function toMicrosecondIso(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** Credits one AI answer costs (plan 12 is never charged). */
export const ANSWER_COST = 1;

/** Longest message text accepted by the API. */
export const MESSAGE_MAX_LENGTH = 20_000;

/** Attachments of one message: how many, how big each and together. */
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_MAX_TOTAL_BYTES = 25 * 1024 * 1024;

/**
 * The client-generated id of a send (a UUID, say): a retry with the same id never creates a second
 * message, answer or charge, and re-attaches to the answer being generated.
 */
export const clientMessageIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Identificador de mensaje no válido (8 a 100 letras, números, - o _)');

/** JSON body of a text-only send; a multipart send has the same fields plus `files`. */
export const sendMessageSchema = z.object({
  content: z.string().max(MESSAGE_MAX_LENGTH, `Máximo ${MESSAGE_MAX_LENGTH} caracteres`).default(''),
  client_message_id: clientMessageIdSchema.optional(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** GET /businesses/{id}/chats/{chatId}. */
export const chatMessagesSchema = z.object({
  chat: chatSchema,
  messages: z.array(messageSchema),
});
export type ChatMessages = z.infer<typeof chatMessagesSchema>;

/** POST …/messages (not streamed): the stored question and its answer. */
export const sendResultSchema = z.object({
  chat: chatSchema,
  message: messageSchema,
  answer: messageSchema,
});
export type SendResult = z.infer<typeof sendResultSchema>;

/** Response headers of POST …/messages/stream, sent before the first byte of the answer. */
export const CHAT_STREAM_HEADERS = {
  chatId: 'X-Chat-Id',
  messageId: 'X-Message-Id',
  answerId: 'X-Answer-Id',
  /** 'model' (generated), 'credits_exhausted', 'not_configured' or 'error'. */
  answerKind: 'X-Answer-Kind',
} as const;
export const ANSWER_KINDS = ['model', 'credits_exhausted', 'not_configured', 'error'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** Spec §8: what a failed answer (content 'error') shows. */
export const FAILED_ANSWER_MESSAGE =
  'Lo sentimos, ha ocurrido un error al procesar tu solicitud. Por favor, inténtalo de nuevo en unos minutos.';

/** Spec §8 'Credits exhausted': one text for the free plan (9), another for every other plan. */
export function creditsExhaustedMessage(productName: string, planId: number): string {
  const tail =
    planId === 9
      ? 'mejora tu plan a uno superior.'
      : 'mejora tu suscripción o espera a que tus créditos se renueven automáticamente.';
  return `Lo sentimos, has agotado todos los créditos disponibles en tu plan. Para seguir usando ${productName}, ${tail}`;
}

/** The answer when the server has no AI model (nothing is charged). */
export function assistantNotConfiguredMessage(productName: string): string {
  return `El asistente de ${productName} todavía no está configurado, así que no puedo responder por ahora. Quien administra esta instalación debe configurar un modelo de IA (consulta la sección «Asistente de IA» del README).`;
}

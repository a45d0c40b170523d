// Chat options, helpers and texts (product.md §3 'Chat', 'Message', 'File attachment', §8), without zod:
// screens import them without loading the schemas (see zod.ts).

export const UNSAVED_CHAT_ID = -123;
export const UNSAVED_CHAT_START = 'no_started';
export const FAILED_ANSWER_CONTENT = 'error';
export const MAX_SEND_ATTEMPTS = 15;

export const ATTACHMENT_TYPES = ['image', 'document', 'other'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const MESSAGE_SENDERS = ['user', 'ai_model'] as const;

const DOCUMENT_MIME_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
]);

/** product.md §3: image if the MIME type starts with image/; document for PDF, Word and plain text. */
export function attachmentTypeOf(mimeType: string): AttachmentType {
  if (mimeType.startsWith('image/')) return 'image';
  if (DOCUMENT_MIME_TYPES.has(mimeType)) return 'document';
  return 'other';
}

/** Formats a time as ISO 8601 with exactly 6 fractional digits (product.md §3 'Message'). */
export function toMicrosecondIso(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** Credits one AI answer costs (plan 12 is never charged). */
export const ANSWER_COST = 1;

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

/** product.md §8: what a failed answer (content 'error') shows. */
export const FAILED_ANSWER_MESSAGE =
  'Lo sentimos, ha ocurrido un error al procesar tu solicitud. Por favor, inténtalo de nuevo en unos minutos.';

/** product.md §8 'Credits exhausted': one text for the free plan (9), another for every other plan. */
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

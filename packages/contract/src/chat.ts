import { CHAT_LIST_PAGE, CHAT_LIST_PAGE_MAX, MESSAGE_MAX_LENGTH } from './chat-limits.ts';
import { ATTACHMENT_TYPES, MESSAGE_SENDERS } from './chat-rules.ts';
import { idText, userText } from './text.ts';
import { z } from './zod.ts';

// Wire shapes of chats and messages (spec §3 'Chat', 'Message', 'File attachment').

export const chatSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  start_time: z.string(),
  title: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

export const fileAttachmentSchema = z.object({
  id: z.string(),
  type: z.enum(ATTACHMENT_TYPES),
  name: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
});
export type FileAttachment = z.infer<typeof fileAttachmentSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  sender: z.enum(MESSAGE_SENDERS),
  content: z.string(),
  /** ISO timestamp with 6 fractional digits, e.g. 2026-11-21T10:00:00.123456Z. */
  time: z.string(),
  finished: z.boolean(),
  /**
   * The answer was cut short because the server generating it stopped: `content` is what it had
   * written (nothing was charged); sending the question again writes it anew.
   */
  interrupted: z.boolean().optional(),
  fileAttachments: z.array(fileAttachmentSchema),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * The client-generated id of a send (a UUID, say): a retry with the same id never creates a second
 * message, answer or charge, and re-attaches to the answer being generated.
 */
export const clientMessageIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Identificador de mensaje no válido (8 a 100 letras, números, - o _)');

/**
 * A page of a business's chats, newest first: `limit` of them (CHAT_LIST_PAGE by default), older than
 * the chat `before` when given. A page shorter than `limit` is the last.
 */
export const chatListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Número de chats no válido' })
    .int('Número de chats no válido')
    .min(1, 'Número de chats no válido')
    .max(CHAT_LIST_PAGE_MAX, `Como máximo ${CHAT_LIST_PAGE_MAX} chats por página`)
    .default(CHAT_LIST_PAGE),
  before: idText().optional(),
});
export type ChatListQuery = z.input<typeof chatListQuerySchema>;

/** JSON body of a text-only send; a multipart send has the same fields plus `files`. */
export const sendMessageSchema = z.object({
  content: userText().max(MESSAGE_MAX_LENGTH, `Máximo ${MESSAGE_MAX_LENGTH} caracteres`).default(''),
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

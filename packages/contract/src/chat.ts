import { CHAT_LIST_PAGE, CHAT_LIST_PAGE_MAX, MESSAGE_MAX_LENGTH } from './chat-limits.ts';
import { ATTACHMENT_TYPES, MESSAGE_SENDERS } from './chat-rules.ts';
import { idText, userText } from './text.ts';
import { z } from './zod.ts';

// Wire shapes of chats and messages (product.md §3 'Chat', 'Message', 'File attachment').

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
  /** What the server found the file to be by its content (e.g. `application/pdf`), whatever its name says. */
  mime_type: z.string(),
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
  /** The user stopped the answer mid-way (its text is what had been written; it keeps its charge). */
  stopped: z.boolean().optional(),
  /** The answer's current attempt took credits (false: free plan, refunded, or a fixed text). */
  charged: z.boolean().optional(),
  fileAttachments: z.array(fileAttachmentSchema),
  /**
   * The ids of every version of this message (a regenerated answer, an edited question), oldest first,
   * when it has more than one; the one shown is `id` (POST …/messages/{messageId}/show switches).
   */
  versions: z.array(z.number().int()).optional(),
  /** The user's thumbs up or down on an answer, with their optional reason (answers only). */
  feedback: z
    .object({ rating: z.enum(['up', 'down']), reason: z.string().nullable() })
    .nullable()
    .optional(),
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

/**
 * POST …/messages/{messageId}/regenerate: a new version of an answer, the earlier ones kept. `client_message_id`
 * makes it idempotent: a retry with the same id re-attaches to that attempt instead of starting another.
 */
export const regenerateAnswerSchema = z.object({
  client_message_id: clientMessageIdSchema.optional(),
});
export type RegenerateAnswer = z.infer<typeof regenerateAnswerSchema>;

/** POST …/messages/{messageId}/edit: a question asked again with a new text, a new branch of the chat from there. */
export const editQuestionSchema = z.object({
  content: userText()
    .trim()
    .min(1, 'Escribe un mensaje')
    .max(MESSAGE_MAX_LENGTH, `Máximo ${MESSAGE_MAX_LENGTH} caracteres`),
  client_message_id: clientMessageIdSchema.optional(),
});
export type EditQuestion = z.infer<typeof editQuestionSchema>;

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

/** Longest title a user may give a chat, and longest search text and feedback reason. */
export const CHAT_TITLE_MAX_LENGTH = 120;
export const CHAT_SEARCH_MIN_LENGTH = 2;
export const CHAT_SEARCH_MAX_LENGTH = 100;
/** A search answers at most this many chats. */
export const CHAT_SEARCH_MAX_RESULTS = 20;
export const FEEDBACK_REASON_MAX_LENGTH = 500;

/** PATCH …/chats/{chatId}: only the title changes (trimmed). */
export const renameChatSchema = z.object({
  title: userText({ error: 'Escribe un título' })
    .trim()
    .min(1, 'Escribe un título')
    .max(CHAT_TITLE_MAX_LENGTH, `El título admite como máximo ${CHAT_TITLE_MAX_LENGTH} caracteres`),
});
export type RenameChat = z.infer<typeof renameChatSchema>;

/** GET …/chats/search?q=: words of a title or of any message of the business's chats. */
export const chatSearchQuerySchema = z.object({
  q: userText({ error: 'Escribe qué buscar' })
    .trim()
    .min(CHAT_SEARCH_MIN_LENGTH, `Escribe al menos ${CHAT_SEARCH_MIN_LENGTH} caracteres para buscar`)
    .max(CHAT_SEARCH_MAX_LENGTH, `La búsqueda admite como máximo ${CHAT_SEARCH_MAX_LENGTH} caracteres`),
});

/**
 * One chat found: `snippet` is plain text around the match, in which the matched words sit between
 * SEARCH_MARK_START and SEARCH_MARK_END (characters that never occur in stored text), to be drawn as
 * highlights, never as HTML. `message_id` is the message matched (null when only the title matched).
 */
export const chatSearchHitSchema = z.object({
  chat: chatSchema,
  message_id: z.number().int().nullable(),
  snippet: z.string(),
});
export type ChatSearchHit = z.infer<typeof chatSearchHitSchema>;
export const SEARCH_MARK_START = '\uE000';
export const SEARCH_MARK_END = '\uE001';

/** PUT …/messages/{messageId}/feedback. An empty reason is no reason. */
export const answerFeedbackSchema = z.object({
  rating: z.enum(['up', 'down'], { error: 'Valoración no válida (up o down)' }),
  reason: userText()
    .trim()
    .max(FEEDBACK_REASON_MAX_LENGTH, `El motivo admite como máximo ${FEEDBACK_REASON_MAX_LENGTH} caracteres`)
    .optional(),
});
export type AnswerFeedbackInput = z.infer<typeof answerFeedbackSchema>;
export const answerFeedbackResultSchema = z.object({
  rating: z.enum(['up', 'down']),
  reason: z.string().nullable(),
});
export type AnswerFeedback = z.infer<typeof answerFeedbackResultSchema>;

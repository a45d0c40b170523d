import { BUSINESS_STAGES } from './business-rules.ts';
import { FEEDBACK_MAX_LENGTH } from './feedback-rules.ts';
import { userText } from './text.ts';
import { z } from './zod.ts';

/** POST /api/feedback: a comment about the product, stored for the operator (when FEEDBACK_URL is unset). */
export const productFeedbackInputSchema = z.object({
  message: userText()
    .trim()
    .min(1, 'Escribe tu comentario')
    .max(FEEDBACK_MAX_LENGTH, `El comentario puede tener como mucho ${FEEDBACK_MAX_LENGTH} caracteres`),
  /** The screen it was sent from (its route), for the operator's context. */
  page: userText().trim().max(200).optional(),
});
export type ProductFeedbackInput = z.input<typeof productFeedbackInputSchema>;

export const productFeedbackResultSchema = z.object({ id: z.number().int(), message: z.string() });
export type ProductFeedbackResult = z.infer<typeof productFeedbackResultSchema>;

/**
 * GET /api/chats/latest: the user's most recently active thread across their businesses (the home's
 * 'Continuar la última conversación'), null when they have not written in any.
 */
export const latestChatSchema = z.object({
  chat: z
    .object({
      id: z.number().int(),
      title: z.string(),
      business_id: z.number().int(),
      business_name: z.string(),
      business_stage: z.enum(BUSINESS_STAGES),
      /** When its last message was written. */
      active_at: z.string(),
    })
    .nullable(),
});
export type LatestChat = z.infer<typeof latestChatSchema>;

/** The console's feedback lists hold this many rows a page. */
export const ADMIN_FEEDBACK_PAGE_SIZE = 20;

/** GET /api/admin/feedback?page= */
export const adminFeedbackQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** The latest product comments and answer ratings, newest first, a page of each. */
export const adminFeedbackSchema = z.object({
  comments: z.array(
    z.object({
      id: z.number().int(),
      user_email: z.string(),
      message: z.string(),
      page: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  comments_total: z.number().int(),
  ratings: z.array(
    z.object({
      message_id: z.number().int(),
      user_email: z.string(),
      rating: z.enum(['up', 'down']),
      reason: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  ratings_total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

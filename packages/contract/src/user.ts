import { NOTIFICATION_TOPICS } from './notification-rules.ts';
import { USER_NAME_MAX_LENGTH, userText } from './text.ts';
import { z } from './zod.ts';

/**
 * product.md §3 'Product user', as GET /api/users/me (and the calls that change the user) answer it.
 * `role` is 'admin' for the operators: ADMIN_EMAILS names them and they verified the address (ADR 0022).
 */
export const productUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  is_active: z.boolean(),
  role: z.string(),
  plan_id: z.number().int(),
  /** null means unlimited (plan 12). */
  available_credits: z.number().int().nullable(),
});
export type ProductUser = z.infer<typeof productUserSchema>;

/** What the profile view shows (GET /api/auth/profile). */
export const profileSchema = z.object({
  email: z.string(),
  full_name: z.string(),
  /** null means unlimited (plan 12). */
  credits: z.number().int().nullable(),
  /** Whether the user's analytics events may be tied to them (the privacy choice in the profile; off = anonymous). */
  analytics_personal: z.boolean(),
  /** Sign-in asks for a code from an authenticator app. */
  two_factor_enabled: z.boolean(),
  /** 'Correos de Rumbo': whether the market study's 'ready' and 'failed' e-mails are sent (ADR 0050). */
  product_mail: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /api/users/signup's optional body: checked, then ignored (the sign-up already made the user). */
export const signupInputSchema = z.object({
  username: userText().max(80).optional(),
  email: userText().max(320).optional(),
  full_name: userText().max(USER_NAME_MAX_LENGTH).optional(),
  external_id: userText().max(200).optional(),
  language: z.literal('es').optional(),
});

/** PUT /api/users/me/mail: 'Correos de Rumbo' on or off (the password reset is always sent). */
export const mailPreferenceSchema = z.object({ product_mail: z.boolean() });
export type MailPreference = z.infer<typeof mailPreferenceSchema>;

/**
 * POST /api/mail/unsubscribe?token=…: the signed link of a mail turns its e-mails off without a session
 * (ADR 0050). Mail programs post `List-Unsubscribe=One-Click` to the same address (RFC 8058).
 */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(200) });
export const unsubscribeResultSchema = z.object({
  product_mail: z.boolean(),
  /** The kind of notification turned off (a notification's mail, ADR 0056); null: every product mail. */
  topic: z.enum(NOTIFICATION_TOPICS).nullable(),
});

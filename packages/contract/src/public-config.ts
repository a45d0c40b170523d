import { z } from './zod.ts';

/**
 * What the browser needs to know about this installation. The server writes it into the
 * served index.html as a <meta> tag (no inline script, so the CSP stays strict).
 */
export const publicConfigSchema = z.object({
  productName: z.string(),
  /** False when Google credentials are not configured: the button explains that it is unavailable. */
  googleEnabled: z.boolean(),
  /** FEEDBACK_URL: the external contact page (or a mailto: address) of the home's feedback card. */
  feedbackUrl: z.url({ protocol: /^(https?|mailto)$/ }).optional(),
  /** TUTORIAL_VIDEO_URL: the home's tutorial video, opened in a new tab (the CSP forbids embedding it). */
  tutorialVideoUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** AI_PROVIDER=demo: answers come from a scripted mentor, and the app says so on every screen. */
  demo: z.boolean().optional(),
  /**
   * What market research can do on this installation at best (ADR 0049): `web` with a search provider,
   * `model` with only a model, `none` in demo mode (a template). 'Acceso a fuentes avanzadas' reads
   * 'Activado' only on a plan with them and `web` here.
   */
  researchSources: z.enum(['web', 'model', 'none']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

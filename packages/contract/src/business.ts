import {
  CURRENCIES,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  ESTABLISHED_TEAM_SIZE_MAX,
  IDEA_TEAM_SIZE_MAX,
  IDEA_TEAM_SIZE_MIN,
  LONG_TEXT_MAX_LENGTH,
  RESEARCH_STATUSES,
  SHORT_TEXT_MAX_LENGTH,
} from './business-rules.ts';
import { COUNTRIES } from './countries.ts';
import {
  CLAIM_KINDS,
  REPORT_SECTION_KEYS,
  RESEARCH_EVENT_TYPES,
  RESEARCH_MODES,
  RESEARCH_STAGES,
} from './research-rules.ts';
import { idSchema, userText } from './text.ts';
import { z } from './zod.ts';

// Wire shapes of businesses and their research (product.md §3 'Business', 'Research', §5).

const requiredText = (max: number) =>
  userText().trim().min(1, 'Obligatorio').max(max, `Máximo ${max} caracteres`);
const optionalText = (max: number) => userText().trim().max(max, `Máximo ${max} caracteres`);

const commonFields = {
  name: requiredText(SHORT_TEXT_MAX_LENGTH),
  location: z.enum(COUNTRIES, { error: 'Elige un país de la lista' }),
  description: userText()
    .trim()
    .min(DESCRIPTION_MIN_LENGTH, '*mínimo 150 caracteres')
    .max(DESCRIPTION_MAX_LENGTH, `Máximo ${DESCRIPTION_MAX_LENGTH} caracteres`),
  goal: requiredText(LONG_TEXT_MAX_LENGTH),
  extra_info: optionalText(LONG_TEXT_MAX_LENGTH),
  team_description: requiredText(LONG_TEXT_MAX_LENGTH),
};

// The fields without defaults: a change (PATCH) is their partial, so that a field it does not name
// stays as it is. Defaults inside `.partial()` would still fill the missing fields in, and the change
// would reset them.
const ideaFields = z.object({
  ...commonFields,
  user_position: optionalText(SHORT_TEXT_MAX_LENGTH),
  team_size: z.number().int().min(IDEA_TEAM_SIZE_MIN).max(IDEA_TEAM_SIZE_MAX),
  competitor_existence: z.boolean(),
  competitor_differentiation: optionalText(LONG_TEXT_MAX_LENGTH),
  investment: z.number().min(0, 'Debe ser 0 o más'),
  investment_currency: z.enum(CURRENCIES),
});

/** The idea's fields, each with its own rule; `ideaInputSchema` adds the rules across fields. */
export const ideaFieldsSchema = ideaFields.extend({
  extra_info: ideaFields.shape.extra_info.default(''),
  user_position: ideaFields.shape.user_position.default(''),
  competitor_differentiation: ideaFields.shape.competitor_differentiation.default(''),
});

/** PATCH of an idea: only the fields it names change (the rules are checked on the result). */
export const ideaPatchSchema = ideaFields.partial();

export const ideaInputSchema = ideaFieldsSchema
  .refine((v) => !v.competitor_existence || v.competitor_differentiation.length > 0, {
    path: ['competitor_differentiation'],
    message: 'Obligatorio',
  })
  // product.md §5: with no competitors the differentiation is cleared.
  .transform((v) => (v.competitor_existence ? v : { ...v, competitor_differentiation: '' }));
export type IdeaInput = z.input<typeof ideaInputSchema>;

const establishedFields = z.object({
  ...commonFields,
  user_position: requiredText(SHORT_TEXT_MAX_LENGTH),
  team_size: z
    .number()
    .int()
    .min(1)
    .max(ESTABLISHED_TEAM_SIZE_MAX, `Máximo ${ESTABLISHED_TEAM_SIZE_MAX.toLocaleString('es-ES')}`),
  mission_and_vision: requiredText(LONG_TEXT_MAX_LENGTH),
  billing: z.number().gt(0, 'Debe ser mayor que 0'),
  billing_currency: z.enum(CURRENCIES),
  // ADR 0018 (departs from product.md §5): a business with losses registers too, so the EBITDA may be 0 or
  // negative and the margin 0; only billing must be above 0.
  ebitda: z.number(),
  ebitda_currency: z.enum(CURRENCIES),
  profit_margin: z.number().min(0, 'No puede ser negativo').max(100, 'Máximo 100'),
});

/** The established business's fields; `establishedInputSchema` adds the rules across fields. */
export const establishedFieldsSchema = establishedFields.extend({
  extra_info: establishedFields.shape.extra_info.default(''),
});

/** PATCH of an established business: only the fields it names change. */
export const establishedPatchSchema = establishedFields.partial();

export const establishedInputSchema = establishedFieldsSchema
  // product.md §3: the EBITDA currency follows the billing currency.
  .transform((v) => ({ ...v, ebitda_currency: v.billing_currency }));
export type EstablishedInput = z.input<typeof establishedInputSchema>;

const businessCommonOut = {
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
  location: z.string(),
  description: z.string(),
  goal: z.string(),
  extra_info: z.string(),
  team_description: z.string(),
  team_size: z.number().int(),
  user_position: z.string(),
};

export const ideaSchema = z.object({
  ...businessCommonOut,
  stage: z.literal('idea'),
  competitor_existence: z.boolean(),
  competitor_differentiation: z.string(),
  investment: z.number(),
  investment_currency: z.enum(CURRENCIES),
});
export type Idea = z.infer<typeof ideaSchema>;

export const establishedSchema = z.object({
  ...businessCommonOut,
  stage: z.literal('established'),
  billing: z.number(),
  billing_currency: z.enum(CURRENCIES),
  ebitda: z.number(),
  ebitda_currency: z.enum(CURRENCIES),
  profit_margin: z.number(),
  mission_and_vision: z.string(),
});
export type Established = z.infer<typeof establishedSchema>;

export const businessSchema = z.discriminatedUnion('stage', [ideaSchema, establishedSchema]);
export type Business = z.infer<typeof businessSchema>;

/** product.md §3 'Research' and §9: the request the app sends 1 s after a business is created. */
export const researchRequestSchema = z.object({
  max_tokens: z.number().int().positive().max(200_000),
  business_id: idSchema,
  sync_generation: z.boolean().default(false),
});
export type ResearchRequest = z.input<typeof researchRequestSchema>;

/**
 * A market-research run as the API reports it (ADR 0016). `completed_at` is null until it is done;
 * `progress` goes from 0 to 1; `error` is a Spanish reason when it failed.
 */
export const researchSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  status: z.enum(RESEARCH_STATUSES),
  mode: z.enum(RESEARCH_MODES).nullable(),
  stage: z.enum(RESEARCH_STAGES),
  progress: z.number().min(0).max(1),
  error: z.string().nullable(),
  partial: z.boolean(),
  tokens_used: z.number().int(),
  max_tokens: z.number().int(),
  sources_count: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type Research = z.infer<typeof researchSchema>;

/**
 * GET /businesses/{id}/research: the latest run of a business (null when there is none) and when the
 * last one was completed (the status line's 'Hace N …' counts from it).
 */
export const latestResearchSchema = z.object({
  research: researchSchema.nullable(),
  last_completed_at: z.string().nullable(),
  /** The last completed run (its report stays readable while a newer run works). */
  last_completed_id: z.number().int().nullable(),
  /** Whether the user may start another run now ('Actualizar estudio'): plan, quota, none under way. */
  can_refresh: z.boolean(),
  /**
   * When the last report that researched something was completed (mode web or model): the status line's
   * 'Hace N …'. A scaffold (mode none) is a template, not research, and does not count (ADR 0049).
   */
  last_researched_at: z.string().nullable(),
});
export type LatestResearch = z.infer<typeof latestResearchSchema>;

/** The passage of a cited source that supports a claim, kept and shown with it ('Cita: «…»'). */
export const claimQuoteSchema = z.object({
  source: z.number().int().positive(),
  text: z.string(),
});

export const reportClaimSchema = z.object({
  text: z.string(),
  kind: z.enum(CLAIM_KINDS),
  /** Numbers of the run's stored sources this claim rests on (only with kind 'fuente'). */
  sources: z.array(z.number().int().positive()),
  /** Kind 'fuente': the supporting passage found in a cited source. */
  quote: claimQuoteSchema.optional(),
  /** Presented as sourced but not supported by its sources: why it is an estimate (Spanish). */
  downgraded: z.string().optional(),
});
export type ReportClaim = z.infer<typeof reportClaimSchema>;

/** What the check removed from a section (counted) and the claims it dropped as not Spanish. */
export const sectionReviewSchema = z.object({
  instructions_removed: z.number().int().nonnegative(),
  links_removed: z.number().int().nonnegative(),
  not_spanish: z.array(z.string()),
});
export type SectionReview = z.infer<typeof sectionReviewSchema>;

export const reportSectionSchema = z.object({
  key: z.enum(REPORT_SECTION_KEYS),
  title: z.string(),
  claims: z.array(reportClaimSchema),
  /** Viability only: 0 to 10. */
  score: z.number().min(0).max(10).nullable(),
  review: sectionReviewSchema.optional(),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

/**
 * The report's header counts: claims presented as sourced that were checked against their sources,
 * those supported (kind 'fuente', with a quote) and those downgraded to estimates; what was removed.
 */
export const reportReviewSchema = z.object({
  checked: z.number().int().nonnegative(),
  supported: z.number().int().nonnegative(),
  downgraded: z.number().int().nonnegative(),
  instructions_removed: z.number().int().nonnegative(),
  links_removed: z.number().int().nonnegative(),
  not_spanish: z.array(z.string()),
});
export type ReportReview = z.infer<typeof reportReviewSchema>;

/** Per planned question: what was searched, the sources read, and whether it fell back to the model. */
export const researchQuestionSchema = z.object({
  question: z.string(),
  queries: z.array(z.string()),
  sources: z.array(z.number().int().positive()),
  /** No readable page answered it: its findings are the model's knowledge. */
  fallback: z.boolean(),
  sections: z.array(z.enum(REPORT_SECTION_KEYS)),
});
export type ResearchQuestion = z.infer<typeof researchQuestionSchema>;

export const researchSourceSchema = z.object({
  number: z.number().int().positive(),
  url: z.string(),
  title: z.string(),
  excerpt: z.string(),
  fetched_at: z.string(),
});
export type ResearchSource = z.infer<typeof researchSourceSchema>;

/** GET /researches/{id}: the run with its report (sections in REPORT_SECTIONS order) and sources. */
export const researchReportSchema = researchSchema.extend({
  business_name: z.string(),
  sections: z.array(reportSectionSchema),
  sources: z.array(researchSourceSchema),
  /** What could not be researched (a partial report lists it). */
  missing: z.array(z.string()),
  duration_ms: z.number().int().nullable(),
  review: reportReviewSchema,
  questions: z.array(researchQuestionSchema),
});
export type ResearchReport = z.infer<typeof researchReportSchema>;

/** One event of a run's timeline, as the `data:` of a Server-Sent Event whose `id:` is `seq`. */
export const researchEventSchema = z.object({
  seq: z.number().int().positive(),
  type: z.enum(RESEARCH_EVENT_TYPES),
  /** Spanish, shown to the user as is. */
  label: z.string(),
  stage: z.enum(RESEARCH_STAGES),
  progress: z.number().min(0).max(1),
  at: z.string(),
});
export type ResearchEvent = z.infer<typeof researchEventSchema>;

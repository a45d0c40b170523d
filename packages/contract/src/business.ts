import { z } from 'zod';

/** Spec §3 'Business', §5 and §9. */
export const DESCRIPTION_MIN_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const SHORT_TEXT_MAX_LENGTH = 120;
export const LONG_TEXT_MAX_LENGTH = 3000;
export const IDEA_TEAM_SIZE_MIN = 1;
export const IDEA_TEAM_SIZE_MAX = 10;
export const DEFAULT_LOCATION = 'España';
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MAX_PIXELS = 512;
export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const BUSINESS_STAGES = ['idea', 'established'] as const;
export type BusinessStage = (typeof BUSINESS_STAGES)[number];

export const CURRENCIES = ['euro', 'dollar'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const COUNTRIES = [
  'España',
  'México',
  'Colombia',
  'Argentina',
  'Chile',
  'Perú',
  'Brasil',
  'Venezuela',
  'Portugal',
  'Francia',
  'Países Bajos',
  'Bélgica',
  'Irlanda',
  'Reino Unido',
  'Luxemburgo',
  'Mónaco',
  'Liechtenstein',
  'Alemania',
  'Italia',
  'Austria',
  'Suiza',
  'Islandia',
  'Noruega',
  'Suecia',
  'Finlandia',
  'República Checa',
  'Polonia',
  'Grecia',
  'Australia',
  'Nueva Zelanda',
  'Eslovaquia',
  'Hungría',
  'Rumania',
  'Bulgaria',
  'Estonia',
  'Letonia',
  'Lituania',
  'Emiratos Árabes Unidos',
  'Canadá',
  'Estados Unidos',
  'Turquía',
  'Otro',
] as const;

/** The six fixed vertical gradients a logo can be made from (top colour, bottom colour). */
export const LOGO_GRADIENTS = [
  ['#6366f1', '#a855f7'],
  ['#0ea5e9', '#22d3ee'],
  ['#10b981', '#84cc16'],
  ['#f59e0b', '#ef4444'],
  ['#ec4899', '#f43f5e'],
  ['#334155', '#0f172a'],
] as const;

const requiredText = (max: number) =>
  z.string().trim().min(1, 'Obligatorio').max(max, `Máximo ${max} caracteres`);

const commonFields = {
  name: requiredText(SHORT_TEXT_MAX_LENGTH),
  location: z.enum(COUNTRIES, { error: 'Elige un país de la lista' }),
  description: z
    .string()
    .trim()
    .min(DESCRIPTION_MIN_LENGTH, '*mínimo 150 caracteres')
    .max(DESCRIPTION_MAX_LENGTH, `Máximo ${DESCRIPTION_MAX_LENGTH} caracteres`),
  goal: requiredText(LONG_TEXT_MAX_LENGTH),
  extra_info: z.string().trim().max(LONG_TEXT_MAX_LENGTH).default(''),
  team_description: requiredText(LONG_TEXT_MAX_LENGTH),
};

/** The idea's fields, each with its own rule; `ideaInputSchema` adds the rules across fields. */
export const ideaFieldsSchema = z.object({
  ...commonFields,
  user_position: z.string().trim().max(SHORT_TEXT_MAX_LENGTH).default(''),
  team_size: z.number().int().min(IDEA_TEAM_SIZE_MIN).max(IDEA_TEAM_SIZE_MAX),
  competitor_existence: z.boolean(),
  competitor_differentiation: z.string().trim().max(LONG_TEXT_MAX_LENGTH).default(''),
  investment: z.number().min(0, 'Debe ser 0 o más'),
  investment_currency: z.enum(CURRENCIES),
});

export const ideaInputSchema = ideaFieldsSchema
  .refine((v) => !v.competitor_existence || v.competitor_differentiation.length > 0, {
    path: ['competitor_differentiation'],
    message: 'Obligatorio',
  })
  // Spec §5: with no competitors the differentiation is cleared.
  .transform((v) => (v.competitor_existence ? v : { ...v, competitor_differentiation: '' }));
export type IdeaInput = z.input<typeof ideaInputSchema>;

/** The established business's fields; `establishedInputSchema` adds the rules across fields. */
export const establishedFieldsSchema = z.object({
  ...commonFields,
  user_position: requiredText(SHORT_TEXT_MAX_LENGTH),
  team_size: z.number().int().min(1),
  mission_and_vision: requiredText(LONG_TEXT_MAX_LENGTH),
  billing: z.number().gt(0, 'Debe ser mayor que 0'),
  billing_currency: z.enum(CURRENCIES),
  ebitda: z.number().gt(0, 'Debe ser mayor que 0'),
  ebitda_currency: z.enum(CURRENCIES),
  profit_margin: z.number().gt(0, 'Debe ser mayor que 0').max(100, 'Máximo 100'),
});

export const establishedInputSchema = establishedFieldsSchema
  // Spec §3: the EBITDA currency follows the billing currency.
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

/** Spec §3 'Research' and §9: the request the app sends 1 s after a business is created. */
export const RESEARCH_MAX_TOKENS = 50000;
export const RESEARCH_DELAY_MS = 1000;
export const researchRequestSchema = z.object({
  max_tokens: z.number().int().positive().max(200_000),
  business_id: z.number().int().positive(),
  sync_generation: z.boolean().default(false),
});
export type ResearchRequest = z.input<typeof researchRequestSchema>;

export const RESEARCH_STATUSES = ['pending', 'running', 'completed', 'failed', 'disabled'] as const;

/** A market-research request as the API reports it; `completed_at` is null until it is done. */
export const researchSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  status: z.enum(RESEARCH_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Research = z.infer<typeof researchSchema>;

/** GET /businesses/{id}/research: the latest research of a business, or null when there is none. */
export const latestResearchSchema = z.object({ research: researchSchema.nullable() });
export type LatestResearch = z.infer<typeof latestResearchSchema>;

export function businessLimitMessage(limit: number): string {
  return limit === 1
    ? 'Tu plan permite 1 negocio. Mejora tu plan para crear más.'
    : `Tu plan permite ${limit} negocios. Mejora tu plan para crear más.`;
}

// Business limits, options and texts (product.md §3 'Business', §5 and §9), without zod: screens import them
// without loading the schemas (see zod.ts).

export const DESCRIPTION_MIN_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const SHORT_TEXT_MAX_LENGTH = 120;
export const LONG_TEXT_MAX_LENGTH = 3000;
export const IDEA_TEAM_SIZE_MIN = 1;
export const IDEA_TEAM_SIZE_MAX = 10;
/** Far above any company's head count, and within PostgreSQL's `integer`. */
export const ESTABLISHED_TEAM_SIZE_MAX = 10_000_000;
export const DEFAULT_LOCATION = 'España';
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MAX_PIXELS = 512;
export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const BUSINESS_STAGES = ['idea', 'established'] as const;
export type BusinessStage = (typeof BUSINESS_STAGES)[number];

export const CURRENCIES = ['euro', 'dollar'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The six fixed vertical gradients a logo can be made from (top colour, bottom colour). */
export const LOGO_GRADIENTS = [
  ['#6366f1', '#a855f7'],
  ['#0ea5e9', '#22d3ee'],
  ['#10b981', '#84cc16'],
  ['#f59e0b', '#ef4444'],
  ['#ec4899', '#f43f5e'],
  ['#334155', '#0f172a'],
] as const;

/** product.md §3 'Research' and §9: the app asks for a new business's research 1 s after creating it. */
export const RESEARCH_MAX_TOKENS = 50000;
export const RESEARCH_DELAY_MS = 1000;

export const RESEARCH_STATUSES = ['pending', 'running', 'completed', 'failed', 'disabled'] as const;

export function businessLimitMessage(limit: number): string {
  return limit === 1
    ? 'Tu plan permite 1 negocio. Mejora tu plan para crear más.'
    : `Tu plan permite ${limit} negocios. Mejora tu plan para crear más.`;
}

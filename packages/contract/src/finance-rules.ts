// The financial plan's constants (ADR 0040), without zod: screens import them without loading the schemas.

/** Months the plan projects (three years). */
export const PLAN_HORIZON_MONTHS = 36;
export const PLAN_YEARS = 3;

/** Most items in one list of assumptions (products, costs, roles, loans…). */
export const PLAN_LIST_MAX = 20;
/** Longest months of stock a shop keeps. */
export const INVENTORY_MONTHS_MAX = 12;
/** A product's monthly volume never goes beyond this, however it grows. */
export const VOLUME_MAX = 1_000_000_000;
/** Largest amount of money in one assumption (currency units). */
export const AMOUNT_MAX = 1_000_000_000;
export const SCENARIO_MULTIPLIER_MAX = 10;

/** Where an assumption comes from (product.md §2.13). */
export const ORIGIN_KINDS = ['founder', 'research', 'mentor'] as const;
export type OriginKind = (typeof ORIGIN_KINDS)[number];

export const PRODUCT_KINDS = ['sale', 'subscription'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The assumptions a scenario may multiply (a multiplier changes only what it names). */
export const MULTIPLIER_KEYS = [
  'price',
  'volume',
  'growth',
  'churn',
  'unit_cost',
  'fixed_costs',
  'salaries',
  'marketing',
] as const;
export type MultiplierKey = (typeof MULTIPLIER_KEYS)[number];
export type Multipliers = Partial<Record<MultiplierKey, number>>;

export const SCENARIO_KEYS = ['pessimistic', 'base', 'optimistic'] as const;
export type ScenarioKey = (typeof SCENARIO_KEYS)[number];

/** The scenarios a new plan starts with: fewer sales and higher costs, or more sales. */
export const DEFAULT_SCENARIOS: { pessimistic: Multipliers; optimistic: Multipliers } = {
  pessimistic: { volume: 0.8, price: 0.95, unit_cost: 1.1 },
  optimistic: { volume: 1.2, growth: 1.2 },
};

/**
 * Employer social-security contributions on a gross salary, by country (a starting value the founder can
 * change: the plan says so next to it). Rounded typical general-regime rates; 'Otro' and unlisted: 25 %.
 */
export const EMPLOYER_COST_PCT: Record<string, number> = {
  España: 31.5,
  México: 25,
  Colombia: 30,
  Argentina: 26,
  Chile: 4,
  Perú: 9,
  Brasil: 28,
  Portugal: 23.75,
  Francia: 42,
  Italia: 30,
  Alemania: 21,
  'Reino Unido': 13.8,
  'Estados Unidos': 7.65,
};
export const EMPLOYER_COST_FALLBACK_PCT = 25;

export function employerCostPct(country: string): number {
  return EMPLOYER_COST_PCT[country] ?? EMPLOYER_COST_FALLBACK_PCT;
}

/** The locale whose number and date format a business's country uses (Intl). */
const COUNTRY_LOCALES: Record<string, string> = {
  España: 'es-ES',
  México: 'es-MX',
  Colombia: 'es-CO',
  Argentina: 'es-AR',
  Chile: 'es-CL',
  Perú: 'es-PE',
  Venezuela: 'es-VE',
  'Estados Unidos': 'es-US',
  Brasil: 'pt-BR',
  Portugal: 'pt-PT',
  Francia: 'fr-FR',
  Alemania: 'de-DE',
  Italia: 'it-IT',
  'Reino Unido': 'en-GB',
  Suiza: 'de-CH',
  Canadá: 'fr-CA',
};

export function countryLocale(country: string): string {
  return COUNTRY_LOCALES[country] ?? 'es-ES';
}

/** ISO code of the business's currency (product.md §3: 'euro' or 'dollar'). */
export function currencyCode(currency: 'euro' | 'dollar'): 'EUR' | 'USD' {
  return currency === 'euro' ? 'EUR' : 'USD';
}

/** How long a shared link lasts (product.md §2.13). */
export const SHARE_DAYS = [7, 30] as const;
export type ShareDays = (typeof SHARE_DAYS)[number];

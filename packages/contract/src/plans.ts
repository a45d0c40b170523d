import { PLAN_CODES, type PlanCode } from './analytics-rules.ts';
import { RESEARCH_MAX_TOKENS } from './business-rules.ts';

/** Plan catalogue (product.md §3 'Plans', §9). Ids are the product's internal plan ids. */
export const PLAN_IDS = [-1, 9, 5, 7, 11, 12] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const NO_PLAN: PlanId = -1;
export const STARTER_PLAN: PlanId = 9;
export const UNLIMITED_PLAN: PlanId = 12;

/** How unlimited credits are stored by older clients (product.md §3); on the wire we send null. */
export const UNLIMITED_CREDITS_SENTINEL = -9999;

export interface PlanFeature {
  text: string;
  included: boolean;
}

export interface Plan {
  id: PlanId;
  /** Analytics code (product.md §9 'Plan codes in analytics'). */
  code: PlanCode;
  name: string;
  description: string;
  /** Euro per month. */
  price: number;
  priceLabel: string;
  /** Credits granted each month; null means unlimited. */
  monthlyCredits: number | null;
  businessLimit: number;
  researchEnabled: boolean;
  /**
   * The token budget of one market-research run on this plan (product.md §9: 50,000). The server sets it;
   * a client's `max_tokens` may lower it, never raise it (ADR 0049).
   */
  researchMaxTokens: number;
  advancedSources: boolean;
  /** 'Hoja de ruta personalizada' (ADR 0055): today the CEO plans. */
  roadmap: boolean;
  /** 'Notificaciones inteligentes' (ADR 0056): today the CEO plans. */
  notifications: boolean;
  features: PlanFeature[];
  popular: boolean;
  showSliderCredits: boolean;
}

const ceoFeatures = (credits: string): PlanFeature[] => [
  { text: credits, included: true },
  { text: 'Hasta 3 negocios', included: true },
  { text: 'Investigaciones de mercado ilimitadas', included: true },
  { text: 'Acceso a fuentes avanzadas', included: true },
  { text: 'Plan financiero y plan de empresa (DOCX y PDF)', included: true },
  { text: 'Supuestos propuestos por el mentor y enlaces para compartir', included: true },
  { text: 'Hoja de ruta personalizada', included: true },
  { text: 'Notificaciones inteligentes', included: true },
];

export const PLANS: Record<PlanId, Plan> = {
  [-1]: {
    id: -1,
    code: PLAN_CODES[-1],
    name: 'Sin plan',
    description: 'Todavía no has elegido un plan.',
    price: 0,
    priceLabel: '',
    monthlyCredits: 0,
    businessLimit: 0,
    researchEnabled: false,
    researchMaxTokens: RESEARCH_MAX_TOKENS,
    advancedSources: false,
    roadmap: false,
    notifications: false,
    features: [],
    popular: false,
    showSliderCredits: false,
  },
  9: {
    id: 9,
    code: PLAN_CODES[9],
    name: 'Starter',
    description: 'Para dar los primeros pasos con tu idea.',
    price: 0,
    priceLabel: 'Gratis',
    monthlyCredits: 100,
    businessLimit: 1,
    researchEnabled: false,
    researchMaxTokens: RESEARCH_MAX_TOKENS,
    advancedSources: false,
    roadmap: false,
    notifications: false,
    features: [
      { text: '100 créditos al mes', included: true },
      { text: '1 negocio', included: true },
      { text: 'Investigación de mercado', included: false },
      { text: 'Acceso a fuentes avanzadas', included: false },
      { text: 'Plan financiero y plan de empresa (DOCX y PDF)', included: true },
      { text: 'Supuestos propuestos por el mentor y enlaces para compartir', included: false },
      { text: 'Hoja de ruta personalizada', included: false },
      { text: 'Notificaciones inteligentes', included: false },
    ],
    popular: false,
    showSliderCredits: false,
  },
  5: {
    id: 5,
    code: PLAN_CODES[5],
    name: 'Founder',
    description: 'Para fundadores que quieren validar y lanzar.',
    price: 19,
    priceLabel: '19 €/mes',
    monthlyCredits: 500,
    businessLimit: 1,
    researchEnabled: true,
    researchMaxTokens: RESEARCH_MAX_TOKENS,
    advancedSources: false,
    roadmap: false,
    notifications: false,
    features: [
      { text: '500 créditos al mes', included: true },
      { text: '1 negocio', included: true },
      { text: '1 investigación de mercado', included: true },
      { text: 'Acceso a fuentes avanzadas', included: false },
      { text: 'Plan financiero y plan de empresa (DOCX y PDF)', included: true },
      { text: 'Supuestos propuestos por el mentor y enlaces para compartir', included: true },
      { text: 'Hoja de ruta personalizada', included: false },
      { text: 'Notificaciones inteligentes', included: false },
    ],
    popular: false,
    showSliderCredits: false,
  },
  7: {
    id: 7,
    code: PLAN_CODES[7],
    name: 'CEO',
    description: 'Para hacer crecer varios negocios con un mentor a diario.',
    price: 29,
    priceLabel: '29 €/mes',
    monthlyCredits: 600,
    businessLimit: 3,
    researchEnabled: true,
    researchMaxTokens: RESEARCH_MAX_TOKENS,
    advancedSources: true,
    roadmap: true,
    notifications: true,
    features: ceoFeatures('600 créditos al mes'),
    popular: true,
    showSliderCredits: true,
  },
  11: {
    id: 11,
    code: PLAN_CODES[11],
    name: 'CEO',
    description: 'Para hacer crecer varios negocios con un mentor a diario.',
    price: 39,
    priceLabel: '39 €/mes',
    monthlyCredits: 1400,
    businessLimit: 3,
    researchEnabled: true,
    researchMaxTokens: RESEARCH_MAX_TOKENS,
    advancedSources: true,
    roadmap: true,
    notifications: true,
    features: ceoFeatures('1400 créditos al mes'),
    popular: true,
    showSliderCredits: true,
  },
  12: {
    id: 12,
    code: PLAN_CODES[12],
    name: 'CEO',
    description: 'Sin límites: tu mentor siempre disponible.',
    price: 49,
    priceLabel: '49 €/mes',
    monthlyCredits: null,
    businessLimit: 3,
    researchEnabled: true,
    researchMaxTokens: RESEARCH_MAX_TOKENS,
    advancedSources: true,
    roadmap: true,
    notifications: true,
    features: ceoFeatures('Créditos ilimitados'),
    popular: true,
    showSliderCredits: true,
  },
};

/** Plans offered for purchase, in grid order; the third card follows the credit slider. */
export const SLIDER_PLANS: readonly PlanId[] = [7, 11, 12];
export const PAID_PLANS: readonly PlanId[] = [5, 7, 11, 12];

export function isPlanId(value: number): value is PlanId {
  return (PLAN_IDS as readonly number[]).includes(value);
}

export function planOf(id: number): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS[-1];
}

export function businessLimit(planId: number): number {
  return planOf(planId).businessLimit;
}

export function hasUnlimitedCredits(planId: number): boolean {
  return planId === UNLIMITED_PLAN;
}

/** product.md §6: plan 12 may always send; every other plan needs credits above 0. */
export function maySend(planId: number, credits: number | null): boolean {
  return hasUnlimitedCredits(planId) || (credits ?? 0) > 0;
}

export function isResearchEnabled(planId: number): boolean {
  return planOf(planId).researchEnabled;
}

/**
 * Research runs a plan allows per billing period (product.md §6 plan grid): Founder '1 investigación de
 * mercado', the CEO plans 'ilimitadas' (null), the others none.
 */
export function researchQuota(planId: number): number | null {
  const plan = planOf(planId);
  if (!plan.researchEnabled) return 0;
  return plan.code === 'Founder' ? 1 : null;
}

/**
 * The token budget of a research run on this plan, lowered (never raised) by what a client asked for
 * (ADR 0049). A run requested before any plan (onboarding) gets the catalogue's budget.
 */
export function researchTokenBudget(planId: number, requested?: number): number {
  const budget = planOf(planId).researchMaxTokens;
  return requested === undefined ? budget : Math.max(1, Math.min(budget, requested));
}

/**
 * 'Proponer supuestos' and shared links (ADR 0040): the paid plans. Every plan has the financial plan
 * and its document.
 */
export function hasPlanAdvisor(planId: number): boolean {
  return planOf(planId).price > 0;
}

/** 'Hoja de ruta personalizada' (ADR 0055): the plans the catalogue marks for it. */
export function hasRoadmap(planId: number): boolean {
  return planOf(planId).roadmap;
}

export function hasAdvancedSources(planId: number): boolean {
  return planOf(planId).advancedSources;
}

/** Credits as the UI shows them: null for unlimited (plan 12), never below 0 otherwise. */
export function displayCredits(planId: number, credits: number | null): number | null {
  if (hasUnlimitedCredits(planId)) return null;
  return Math.max(0, credits ?? 0);
}

/** 'Notificaciones inteligentes' (ADR 0056): the plans the catalogue marks for them. */
export function hasNotifications(planId: number): boolean {
  return planOf(planId).notifications;
}

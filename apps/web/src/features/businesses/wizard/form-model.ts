import {
  type Business,
  type BusinessStage,
  type Currency,
  DEFAULT_LOCATION,
  DESCRIPTION_MIN_LENGTH,
  type EstablishedInput,
  establishedFieldsSchema,
  establishedInputSchema,
  type IdeaInput,
  ideaFieldsSchema,
  ideaInputSchema,
} from '@rumbo/contract';
import type { z } from 'zod';
import { copy } from '../../../config/copy.es.ts';
import type { BusinessInput } from '../api/businesses.ts';

/** product.md §3 'Form model': the type chosen in the first step of the creation wizard. */
export type BusinessType = 'business-idea' | 'established-business';

export const STAGE_OF: Record<BusinessType, BusinessStage> = {
  'business-idea': 'idea',
  'established-business': 'established',
};
export const TYPE_OF: Record<BusinessStage, BusinessType> = {
  idea: 'business-idea',
  established: 'established-business',
};

/** product.md §3: the form shows currency symbols; the API takes 'euro' or 'dollar'. */
export type CurrencySymbol = '€' | '$';
export const CURRENCY_SYMBOLS: Record<Currency, CurrencySymbol> = { euro: '€', dollar: '$' };

export function currencyFromSymbol(symbol: CurrencySymbol): Currency {
  return symbol === '$' ? 'dollar' : 'euro';
}

export function symbolFromCurrency(currency: Currency): CurrencySymbol {
  return CURRENCY_SYMBOLS[currency];
}

/** What the profile photo is: a file the user chose, one of the gradients, or the logo already saved. */
export type LogoValue =
  | { kind: 'file'; file: File }
  | { kind: 'gradient'; index: number }
  | { kind: 'existing'; url: string };

/**
 * One flat model for both stages, so that the fields they share (name, description, goal…) survive
 * when the user goes back and switches the type. Numbers are null while their input is empty.
 */
export interface BusinessFormValues {
  businessType: BusinessType | null;
  logo: LogoValue | null;
  name: string;
  location: string;
  user_position: string;
  description: string;
  mission_and_vision: string;
  team_description: string;
  team_size: number | null;
  competitor_existence: boolean;
  competitor_differentiation: string;
  investment: number | null;
  investment_currency: CurrencySymbol;
  billing: number | null;
  billing_currency: CurrencySymbol;
  ebitda: number | null;
  profit_margin: number | null;
  goal: string;
  extra_info: string;
}

export type FieldName = Exclude<keyof BusinessFormValues, 'businessType'>;

/** product.md §3 'Form defaults' of both stages at once (they do not conflict). */
export function emptyFormValues(): BusinessFormValues {
  return {
    businessType: null,
    logo: null,
    name: '',
    location: DEFAULT_LOCATION,
    user_position: '',
    description: '',
    mission_and_vision: '',
    team_description: '',
    team_size: 1,
    competitor_existence: false,
    competitor_differentiation: '',
    investment: 0,
    investment_currency: '€',
    billing: 0,
    billing_currency: '€',
    ebitda: 0,
    profit_margin: 0,
    goal: '',
    extra_info: '',
  };
}

/** The edit wizard starts from the business as the server has it. */
export function formValuesFromBusiness(business: Business): BusinessFormValues {
  const values: BusinessFormValues = {
    ...emptyFormValues(),
    businessType: TYPE_OF[business.stage],
    logo: business.logo_url ? { kind: 'existing', url: business.logo_url } : null,
    name: business.name,
    location: business.location,
    user_position: business.user_position,
    description: business.description,
    team_description: business.team_description,
    team_size: business.team_size,
    goal: business.goal,
    extra_info: business.extra_info,
  };
  if (business.stage === 'idea') {
    return {
      ...values,
      competitor_existence: business.competitor_existence,
      competitor_differentiation: business.competitor_differentiation,
      investment: business.investment,
      investment_currency: symbolFromCurrency(business.investment_currency),
    };
  }
  return {
    ...values,
    mission_and_vision: business.mission_and_vision,
    billing: business.billing,
    billing_currency: symbolFromCurrency(business.billing_currency),
    ebitda: business.ebitda,
    profit_margin: business.profit_margin,
  };
}

/** product.md §5: numeric inputs parse to a number, and an empty input is null. */
export function parseNumberInput(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** product.md §5 and §9: the profit margin is kept within 0..100 while the user types. */
export function clampProfitMargin(value: number | null): number | null {
  if (value === null) return null;
  return Math.min(100, Math.max(0, value));
}

/** The description's length as the rule counts it (the contract trims before measuring). */
export function descriptionLength(description: string): number {
  return description.trim().length;
}

/** product.md §5: '*mínimo 150 caracteres' shows while 1 to 149 characters are typed, never when empty. */
export function descriptionError(description: string): string | undefined {
  const length = descriptionLength(description);
  return length > 0 && length < DESCRIPTION_MIN_LENGTH ? '*mínimo 150 caracteres' : undefined;
}

/** The idea's payload of product.md §3 in the API's words (currencies as 'euro'/'dollar'). */
export function toIdeaWire(values: BusinessFormValues) {
  return {
    name: values.name,
    location: values.location,
    description: values.description,
    goal: values.goal,
    extra_info: values.extra_info,
    team_description: values.team_description,
    team_size: values.team_size,
    user_position: values.user_position,
    competitor_existence: values.competitor_existence,
    competitor_differentiation: values.competitor_existence ? values.competitor_differentiation : '',
    investment: values.investment,
    investment_currency: currencyFromSymbol(values.investment_currency),
  };
}

/** The established business's payload; the EBITDA currency follows the billing currency (product.md §3). */
export function toEstablishedWire(values: BusinessFormValues) {
  const currency = currencyFromSymbol(values.billing_currency);
  return {
    name: values.name,
    location: values.location,
    description: values.description,
    goal: values.goal,
    extra_info: values.extra_info,
    team_description: values.team_description,
    team_size: values.team_size,
    user_position: values.user_position,
    mission_and_vision: values.mission_and_vision,
    billing: values.billing,
    billing_currency: currency,
    ebitda: values.ebitda,
    ebitda_currency: currency,
    profit_margin: values.profit_margin,
  };
}

export type StepId = 'type' | 'basics' | 'description' | 'team' | 'goals';

/** product.md §2.7 and §2.8: five steps to create, the same without the type to edit. */
export const CREATE_STEPS: readonly StepId[] = ['type', 'basics', 'description', 'team', 'goals'];
export const EDIT_STEPS: readonly StepId[] = ['basics', 'description', 'team', 'goals'];

type WireField = keyof ReturnType<typeof toIdeaWire> | keyof ReturnType<typeof toEstablishedWire>;

/** product.md §5: the fields each step checks, per stage. */
const STEP_FIELDS: Record<BusinessStage, Record<Exclude<StepId, 'type'>, readonly WireField[]>> = {
  idea: {
    basics: ['name', 'location', 'user_position'],
    description: ['description'],
    team: [
      'team_description',
      'team_size',
      'competitor_existence',
      'competitor_differentiation',
      'investment',
      'investment_currency',
    ],
    goals: ['goal', 'extra_info'],
  },
  established: {
    basics: ['name', 'location', 'user_position'],
    description: ['description', 'mission_and_vision', 'team_description'],
    team: ['billing', 'billing_currency', 'ebitda', 'profit_margin', 'team_size'],
    goals: ['goal', 'extra_info'],
  },
};

/** The step on which a field is typed (to send the user back to it when the server refuses it). */
export function stepOfField(stage: BusinessStage, field: string): StepId | undefined {
  const steps = STEP_FIELDS[stage];
  return (Object.keys(steps) as Array<keyof typeof steps>).find((step) =>
    (steps[step] as readonly string[]).includes(field),
  );
}

export interface StepCheck {
  valid: boolean;
  /** The first message of each invalid field, in Spanish. */
  errors: Partial<Record<FieldName, string>>;
}

/** The `pick` mask of a step's fields (each step lists only fields of its stage's schema). */
function pickMask<Key extends string>(fields: readonly WireField[]): Partial<Record<Key, true>> {
  return Object.fromEntries(fields.map((field) => [field, true])) as Partial<Record<Key, true>>;
}

function collectErrors(
  issues: readonly z.core.$ZodIssue[],
  wire: Record<string, unknown>,
): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as FieldName;
    if (errors[field]) continue;
    // An empty number input is null, for which zod's own text ('se esperaba number') means nothing.
    errors[field] = wire[field] === null ? copy.businesses.wizard.errors.required : issue.message;
  }
  return errors;
}

/**
 * Checks one step with the contract's own rules (the schemas the API validates with), restricted to
 * that step's fields. The wizard enables Continue only when this says valid.
 */
export function checkStep(step: StepId, values: BusinessFormValues): StepCheck {
  if (step === 'type') return { valid: values.businessType !== null, errors: {} };
  const stage = STAGE_OF[values.businessType ?? 'business-idea'];
  const fields = STEP_FIELDS[stage][step];
  const wire: Record<string, unknown> = stage === 'idea' ? toIdeaWire(values) : toEstablishedWire(values);
  const schema =
    stage === 'idea'
      ? ideaFieldsSchema
          .pick(pickMask<keyof typeof ideaFieldsSchema.shape>(fields))
          // product.md §5: with competitors, the differentiation is required (ideaInputSchema's rule).
          .refine(
            (v: Record<string, unknown>) =>
              v.competitor_existence !== true || String(v.competitor_differentiation ?? '').trim().length > 0,
            { path: ['competitor_differentiation'], message: copy.businesses.wizard.errors.required },
          )
      : establishedFieldsSchema.pick(pickMask<keyof typeof establishedFieldsSchema.shape>(fields));
  const result = schema.safeParse(wire);
  const errors = result.success ? {} : collectErrors(result.error.issues, wire);
  if (step === 'basics' && values.logo === null) errors.logo = copy.businesses.wizard.errors.required;
  return { valid: Object.keys(errors).length === 0, errors };
}

export type PayloadResult =
  | { ok: true; payload: BusinessInput }
  | { ok: false; field: string; message: string };

/** The whole business through the contract's input schema, as the API will check it. */
export function toPayload(values: BusinessFormValues): PayloadResult {
  const stage = STAGE_OF[values.businessType ?? 'business-idea'];
  const result =
    stage === 'idea'
      ? ideaInputSchema.safeParse(toIdeaWire(values))
      : establishedInputSchema.safeParse(toEstablishedWire(values));
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, field: String(issue?.path[0] ?? ''), message: issue?.message ?? '' };
  }
  return stage === 'idea'
    ? { ok: true, payload: { stage, data: result.data as IdeaInput } }
    : { ok: true, payload: { stage, data: result.data as EstablishedInput } };
}

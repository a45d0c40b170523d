import {
  type Business,
  type Currency,
  type EstablishedInput,
  establishedInputSchema,
  type IdeaInput,
  ideaInputSchema,
} from '@rumbo/contract';
import type { BusinessInput } from '../api/businesses.ts';
import {
  type BusinessFormValues,
  type CurrencySymbol,
  emptyFormValues,
  stageOfForm,
  TYPE_OF,
} from './form-values.ts';

// The only place that maps the wizard's form to the API's words and back (product.md §3).

export const CURRENCY_SYMBOLS: Record<Currency, CurrencySymbol> = { euro: '€', dollar: '$' };

export function currencyFromSymbol(symbol: CurrencySymbol): Currency {
  return symbol === '$' ? 'dollar' : 'euro';
}

export function symbolFromCurrency(currency: Currency): CurrencySymbol {
  return CURRENCY_SYMBOLS[currency];
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

/** A field of either payload, by its wire name. */
export type WireField = keyof ReturnType<typeof toIdeaWire> | keyof ReturnType<typeof toEstablishedWire>;

/** The payload of the form's stage, in the API's words. */
export function toWire(values: BusinessFormValues): Record<string, unknown> {
  return stageOfForm(values) === 'idea' ? toIdeaWire(values) : toEstablishedWire(values);
}

export type PayloadResult =
  | { ok: true; payload: BusinessInput }
  | { ok: false; field: string; message: string };

/** The whole business through the contract's input schema, as the API will check it. */
export function toPayload(values: BusinessFormValues): PayloadResult {
  const stage = stageOfForm(values);
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

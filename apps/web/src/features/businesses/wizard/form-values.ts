import { type BusinessStage, DEFAULT_LOCATION } from '@rumbo/contract';

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

/** The stage the form describes (an idea until a type is chosen). */
export function stageOfForm(values: Pick<BusinessFormValues, 'businessType'>): BusinessStage {
  return STAGE_OF[values.businessType ?? 'business-idea'];
}

/** product.md §3: the form shows currency symbols; the API takes 'euro' or 'dollar'. */
export type CurrencySymbol = '€' | '$';

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

/** product.md §5 and §9: the profit margin is kept within 0..100 while the user types. */
export function clampProfitMargin(value: number | null): number | null {
  if (value === null) return null;
  return Math.min(100, Math.max(0, value));
}

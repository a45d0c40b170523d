import { copy } from '../../../config/copy.es.ts';
import type { FieldName } from './form-values.ts';

const f = copy.businesses.wizard.fields;

/** Field names as the user reads them: the fields' labels, and a refusal the server gives about one field. */
export const FIELD_LABELS = {
  name: f.name,
  location: f.location,
  user_position: f.userPosition,
  description: f.description,
  mission_and_vision: f.missionAndVision,
  team_description: f.teamDescription,
  team_size: f.teamSize,
  competitor_differentiation: f.competitorDifferentiation,
  investment: f.investment,
  billing: f.billing,
  ebitda: f.ebitda,
  profit_margin: f.profitMargin,
  goal: f.goal,
  extra_info: f.extraInfo,
} as const satisfies Partial<Record<FieldName, string>>;

/** The label of a field the server named, if it is one the user sees. */
export function fieldLabel(field: string): string | undefined {
  return (FIELD_LABELS as Partial<Record<string, string>>)[field];
}

/** The free-text fields of up to LONG_TEXT_MAX_LENGTH characters, each with its placeholder. */
export const LONG_TEXT_PLACEHOLDERS = {
  mission_and_vision: f.missionAndVisionPlaceholder,
  team_description: f.teamDescriptionPlaceholder,
  competitor_differentiation: f.competitorDifferentiationPlaceholder,
  goal: f.goalPlaceholder,
  extra_info: f.extraInfoPlaceholder,
} as const satisfies Partial<Record<FieldName, string>>;

export type LongTextName = keyof typeof LONG_TEXT_PLACEHOLDERS;

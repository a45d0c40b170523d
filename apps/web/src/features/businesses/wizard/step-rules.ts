import {
  type BusinessStage,
  DESCRIPTION_MIN_LENGTH,
  establishedFieldsSchema,
  ideaFieldsSchema,
} from '@rumbo/contract';
import type { z } from 'zod';
import { copy } from '../../../config/copy.es.ts';
import { type BusinessFormValues, type FieldName, stageOfForm } from './form-values.ts';
import { toWire, type WireField } from './wire.ts';

const required = copy.businesses.wizard.errors.required;

export type StepId = 'type' | 'basics' | 'description' | 'team' | 'goals';
/** The steps that hold business fields (the type step only chooses the stage). */
type FieldStep = Exclude<StepId, 'type'>;

/** product.md §2.7 and §2.8: five steps to create, the same without the type to edit. */
export const CREATE_STEPS: readonly StepId[] = ['type', 'basics', 'description', 'team', 'goals'];
export const EDIT_STEPS: readonly StepId[] = ['basics', 'description', 'team', 'goals'];

/** product.md §5: the fields each step checks, per stage. */
const STEP_FIELDS: Record<BusinessStage, Record<FieldStep, readonly WireField[]>> = {
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

/** The `pick` mask of a step's fields (each step lists only fields of its stage's schema). */
function pickMask<Key extends string>(fields: readonly WireField[]): Partial<Record<Key, true>> {
  return Object.fromEntries(fields.map((field) => [field, true])) as Partial<Record<Key, true>>;
}

/** An idea step: its fields' rules, and product.md §5's rule that competitors need a differentiation. */
function ideaStepSchema(fields: readonly WireField[]): z.ZodType {
  return ideaFieldsSchema.pick(pickMask<keyof typeof ideaFieldsSchema.shape>(fields)).refine(
    // ideaInputSchema's rule across fields, on the step that holds both of them.
    (v: Record<string, unknown>) =>
      v.competitor_existence !== true || String(v.competitor_differentiation ?? '').trim().length > 0,
    { path: ['competitor_differentiation'], message: required },
  );
}

function establishedStepSchema(fields: readonly WireField[]): z.ZodType {
  return establishedFieldsSchema.pick(pickMask<keyof typeof establishedFieldsSchema.shape>(fields));
}

function stepSchemas(
  stage: BusinessStage,
  build: (fields: readonly WireField[]) => z.ZodType,
): Record<FieldStep, z.ZodType> {
  const fields = STEP_FIELDS[stage];
  return {
    basics: build(fields.basics),
    description: build(fields.description),
    team: build(fields.team),
    goals: build(fields.goals),
  };
}

/** The step schemas: the contract's own rules (the ones the API validates with), cut per step. */
const STEP_SCHEMAS: Record<BusinessStage, Record<FieldStep, z.ZodType>> = {
  idea: stepSchemas('idea', ideaStepSchema),
  established: stepSchemas('established', establishedStepSchema),
};

/** The step on which a field is typed (to send the user back to it when the server refuses it). */
export function stepOfField(stage: BusinessStage, field: string): StepId | undefined {
  const steps = STEP_FIELDS[stage];
  return (Object.keys(steps) as FieldStep[]).find((step) =>
    (steps[step] as readonly string[]).includes(field),
  );
}

export interface StepCheck {
  valid: boolean;
  /** The first message of each invalid field, in Spanish. */
  errors: Partial<Record<FieldName, string>>;
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
    errors[field] = wire[field] === null ? required : issue.message;
  }
  return errors;
}

/**
 * Checks one step with its step schema, plus the photo on the basics step. The wizard enables Continue
 * only when this says valid.
 */
export function checkStep(step: StepId, values: BusinessFormValues): StepCheck {
  if (step === 'type') return { valid: values.businessType !== null, errors: {} };
  const wire = toWire(values);
  const result = STEP_SCHEMAS[stageOfForm(values)][step].safeParse(wire);
  const errors = result.success ? {} : collectErrors(result.error.issues, wire);
  if (step === 'basics' && values.logo === null) errors.logo = required;
  return { valid: Object.keys(errors).length === 0, errors };
}

/** The first step that does not hold, with its check (the popup's 'Guardar cambios' may save from any step). */
export function firstInvalidStep(
  steps: readonly StepId[],
  values: BusinessFormValues,
): { position: number; check: StepCheck } | undefined {
  for (const [position, step] of steps.entries()) {
    const check = checkStep(step, values);
    if (!check.valid) return { position, check };
  }
  return undefined;
}

/** The description's length as the rule counts it (the contract trims before measuring). */
export function descriptionLength(description: string): number {
  return description.trim().length;
}

/** product.md §5: '*mínimo 150 caracteres' shows while 1 to 149 characters are typed, never when empty. */
export function descriptionError(description: string): string | undefined {
  const length = descriptionLength(description);
  return length > 0 && length < DESCRIPTION_MIN_LENGTH
    ? copy.businesses.wizard.errors.descriptionTooShort
    : undefined;
}

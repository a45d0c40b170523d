import {
  COUNTRIES,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  IDEA_TEAM_SIZE_MAX,
  IDEA_TEAM_SIZE_MIN,
  LONG_TEXT_MAX_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from '@rumbo/contract';
import { Building2, Lightbulb } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { copy } from '../../../config/copy.es.ts';
import {
  type BusinessFormValues,
  type BusinessType,
  type CurrencySymbol,
  clampProfitMargin,
  descriptionError,
  descriptionLength,
  type FieldName,
} from '../wizard/form-model.ts';
import { controlClass, NumberField, SelectField, TextAreaField } from './fields.tsx';
import { LogoPicker } from './logo-picker.tsx';

const f = copy.businesses.wizard.fields;

export interface StepProps {
  form: UseFormReturn<BusinessFormValues>;
  values: BusinessFormValues;
  /** The message to show under a field now (only once the user has been through it). */
  errorOf: (field: FieldName) => string | undefined;
}

type NumericField = 'investment' | 'billing' | 'ebitda' | 'profit_margin' | 'team_size';

/** A NumberField bound to one of the form's numeric fields, with its error. */
function FormNumberField({
  form,
  errorOf,
  name,
  ...props
}: Pick<StepProps, 'form' | 'errorOf'> & { name: NumericField } & Omit<
    ComponentProps<typeof NumberField>,
    'form' | 'name' | 'value' | 'onValueChange' | 'onBlur' | 'ref' | 'error'
  >) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberField
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          error={errorOf(name)}
        />
      )}
    />
  );
}

const TEAM_SIZES = Array.from(
  { length: IDEA_TEAM_SIZE_MAX - IDEA_TEAM_SIZE_MIN + 1 },
  (_, i) => IDEA_TEAM_SIZE_MIN + i,
);

function CurrencySelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: CurrencySymbol;
  onChange: (value: CurrencySymbol) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value === '$' ? '$' : '€')}
      className={`${controlClass} w-20 shrink-0`}
    >
      <option value="€">€</option>
      <option value="$">$</option>
    </select>
  );
}

/** Step 1 of the creation wizard (product.md §2.7): idea or established business. */
export function TypeStep({ form, values, heading }: StepProps & { heading: ReactNode }) {
  const t = copy.businesses.wizard.steps.type;
  const name = useId();
  return (
    <ChoiceGroup<BusinessType>
      legend={heading}
      name={name}
      value={values.businessType}
      onChange={(value) => form.setValue('businessType', value, { shouldDirty: true })}
      gridClassName="grid-cols-1 sm:grid-cols-2"
      options={[
        {
          value: 'business-idea',
          label: t.idea,
          hint: t.ideaHint,
          icon: <Lightbulb className="size-5" aria-hidden="true" />,
        },
        {
          value: 'established-business',
          label: t.established,
          hint: t.establishedHint,
          icon: <Building2 className="size-5" aria-hidden="true" />,
        },
      ]}
    />
  );
}

/** Profile photo and basic data (product.md §5: photo, name, location; the position too when established). */
export function BasicsStep({ form, values, errorOf }: StepProps) {
  const established = values.businessType === 'established-business';
  return (
    <div className="space-y-5">
      <Controller
        control={form.control}
        name="logo"
        render={({ field }) => (
          <LogoPicker value={field.value} onChange={field.onChange} name={values.name} />
        )}
      />
      <TextField
        label={f.name}
        autoComplete="organization"
        maxLength={SHORT_TEXT_MAX_LENGTH}
        placeholder={established ? f.establishedNamePlaceholder : f.ideaNamePlaceholder}
        invalid={Boolean(errorOf('name'))}
        error={errorOf('name')}
        {...form.register('name')}
      />
      <SelectField label={f.location} error={errorOf('location')} {...form.register('location')}>
        {COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {country}
          </option>
        ))}
      </SelectField>
      <TextField
        label={established ? f.userPosition : f.userPositionOptional}
        autoComplete="organization-title"
        maxLength={SHORT_TEXT_MAX_LENGTH}
        placeholder={f.userPositionPlaceholder}
        invalid={Boolean(errorOf('user_position'))}
        error={errorOf('user_position')}
        {...form.register('user_position')}
      />
    </div>
  );
}

/** product.md §5: the description with its 'n/150' counter; established also mission, vision and team. */
export function DescriptionStep({ form, values, errorOf }: StepProps) {
  const established = values.businessType === 'established-business';
  const counterId = useId();
  const length = descriptionLength(values.description);
  return (
    <div className="space-y-5">
      <TextAreaField
        label={f.description}
        rows={6}
        maxLength={DESCRIPTION_MAX_LENGTH}
        placeholder={established ? f.establishedDescriptionPlaceholder : f.ideaDescriptionPlaceholder}
        error={descriptionError(values.description)}
        extraDescribedBy={counterId}
        aside={
          <span
            id={counterId}
            className={`text-xs tabular-nums ${length >= DESCRIPTION_MIN_LENGTH ? 'text-emerald-700' : 'text-slate-500'}`}
          >
            {f.descriptionCounter(length, DESCRIPTION_MIN_LENGTH)}
          </span>
        }
        {...form.register('description')}
      />
      {established ? (
        <>
          <TextAreaField
            label={f.missionAndVision}
            maxLength={LONG_TEXT_MAX_LENGTH}
            placeholder={f.missionAndVisionPlaceholder}
            error={errorOf('mission_and_vision')}
            {...form.register('mission_and_vision')}
          />
          <TextAreaField
            label={f.teamDescription}
            maxLength={LONG_TEXT_MAX_LENGTH}
            placeholder={f.teamDescriptionPlaceholder}
            error={errorOf('team_description')}
            {...form.register('team_description')}
          />
        </>
      ) : null}
    </div>
  );
}

/** product.md §5 'Idea team step': team, team size 1–10, competitors, investment. */
function IdeaTeamStep({ form, values, errorOf }: StepProps) {
  const competitorsName = useId();
  return (
    <div className="space-y-5">
      <TextAreaField
        label={f.teamDescription}
        maxLength={LONG_TEXT_MAX_LENGTH}
        placeholder={f.teamDescriptionPlaceholder}
        error={errorOf('team_description')}
        {...form.register('team_description')}
      />
      <Controller
        control={form.control}
        name="team_size"
        render={({ field }) => (
          <SelectField
            label={f.teamSize}
            name={field.name}
            ref={field.ref}
            value={field.value === null ? '' : String(field.value)}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            error={errorOf('team_size')}
          >
            {/* A size from an established business that does not fit 1–10 must be chosen again. */}
            {field.value === null || !TEAM_SIZES.includes(field.value) ? <option value="">—</option> : null}
            {TEAM_SIZES.map((size) => (
              <option key={size} value={size}>
                {f.teamSizeOption(size)}
              </option>
            ))}
          </SelectField>
        )}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">{f.competitorExistence}</legend>
        <div className="flex gap-3">
          {[true, false].map((option) => (
            <label
              key={String(option)}
              className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg bg-white px-4 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 has-checked:bg-brand-50 has-checked:text-brand-700 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 sm:flex-none sm:px-8"
            >
              <input
                type="radio"
                name={competitorsName}
                className="sr-only"
                checked={values.competitor_existence === option}
                onChange={() => form.setValue('competitor_existence', option, { shouldDirty: true })}
              />
              {option ? f.yes : f.no}
            </label>
          ))}
        </div>
      </fieldset>
      {values.competitor_existence ? (
        <TextAreaField
          label={f.competitorDifferentiation}
          maxLength={LONG_TEXT_MAX_LENGTH}
          placeholder={f.competitorDifferentiationPlaceholder}
          error={errorOf('competitor_differentiation')}
          {...form.register('competitor_differentiation')}
        />
      ) : null}
      <FormNumberField
        form={form}
        errorOf={errorOf}
        name="investment"
        label={f.investment}
        min={0}
        step="any"
        addon={
          <CurrencySelect
            label={f.investmentCurrency}
            value={values.investment_currency}
            onChange={(value) => form.setValue('investment_currency', value, { shouldDirty: true })}
          />
        }
      />
    </div>
  );
}

/** product.md §5 'Established finance step': billing, EBITDA, profit margin (0–100) and team size. */
function EstablishedFinanceStep({ form, values, errorOf }: StepProps) {
  return (
    <div className="space-y-5">
      <FormNumberField
        form={form}
        errorOf={errorOf}
        name="billing"
        label={f.billing}
        min={0}
        step="any"
        addon={
          <CurrencySelect
            label={f.billingCurrency}
            value={values.billing_currency}
            onChange={(value) => form.setValue('billing_currency', value, { shouldDirty: true })}
          />
        }
      />
      <FormNumberField
        form={form}
        errorOf={errorOf}
        name="ebitda"
        label={f.ebitda}
        step="any"
        // ADR 0018: losses are a negative EBITDA; a decimal keypad has no minus sign on some phones.
        inputMode="text"
        hint={f.ebitdaCurrencyHint}
        addon={
          // product.md §3: the EBITDA currency is the billing currency; it is shown, not chosen.
          <output
            aria-label={f.ebitdaCurrency}
            className="flex w-20 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-sm font-medium text-slate-700 ring-1 ring-slate-200"
          >
            {values.billing_currency}
          </output>
        }
      />
      <FormNumberField
        form={form}
        errorOf={errorOf}
        name="profit_margin"
        label={f.profitMargin}
        min={0}
        max={100}
        step="any"
        normalize={clampProfitMargin}
      />
      <FormNumberField
        form={form}
        errorOf={errorOf}
        name="team_size"
        label={f.teamSize}
        min={1}
        step={1}
        inputMode="numeric"
      />
    </div>
  );
}

export function TeamStep(props: StepProps) {
  return props.values.businessType === 'established-business' ? (
    <EstablishedFinanceStep {...props} />
  ) : (
    <IdeaTeamStep {...props} />
  );
}

/** product.md §5 'Goals step': the goal is required, the extra information is not. */
export function GoalsStep({ form, errorOf }: StepProps) {
  return (
    <div className="space-y-5">
      <TextAreaField
        label={f.goal}
        maxLength={LONG_TEXT_MAX_LENGTH}
        placeholder={f.goalPlaceholder}
        error={errorOf('goal')}
        {...form.register('goal')}
      />
      <TextAreaField
        label={f.extraInfo}
        maxLength={LONG_TEXT_MAX_LENGTH}
        placeholder={f.extraInfoPlaceholder}
        error={errorOf('extra_info')}
        {...form.register('extra_info')}
      />
    </div>
  );
}

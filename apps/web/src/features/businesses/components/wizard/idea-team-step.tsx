import { IDEA_TEAM_SIZE_MAX, IDEA_TEAM_SIZE_MIN } from '@rumbo/contract';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { SelectField } from '../../../../components/select-field.tsx';
import { copy } from '../../../../config/copy.es.ts';
import { LongTextField, MoneyField, type StepProps } from './step-fields.tsx';

const f = copy.businesses.wizard.fields;

const TEAM_SIZES = Array.from(
  { length: IDEA_TEAM_SIZE_MAX - IDEA_TEAM_SIZE_MIN + 1 },
  (_, i) => IDEA_TEAM_SIZE_MIN + i,
);

/** product.md §5 'Idea team step': team, team size 1–10, competitors, investment. */
export function IdeaTeamStep({ form, values, errorOf }: StepProps) {
  return (
    <div className="space-y-5">
      <LongTextField form={form} errorOf={errorOf} name="team_description" />
      <TeamSizeSelect form={form} errorOf={errorOf} />
      <CompetitorsChoice form={form} values={values} />
      {values.competitor_existence ? (
        <LongTextField form={form} errorOf={errorOf} name="competitor_differentiation" />
      ) : null}
      <MoneyField
        form={form}
        values={values}
        errorOf={errorOf}
        name="investment"
        currency="investment_currency"
        label={f.investment}
        currencyLabel={f.investmentCurrency}
      />
    </div>
  );
}

function TeamSizeSelect({ form, errorOf }: Omit<StepProps, 'values'>) {
  return (
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
  );
}

/** '¿Existen competidores?' as two radio buttons, Sí and No. */
function CompetitorsChoice({ form, values }: Omit<StepProps, 'errorOf'>) {
  const name = useId();
  return (
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
              name={name}
              className="sr-only"
              checked={values.competitor_existence === option}
              onChange={() => form.setValue('competitor_existence', option, { shouldDirty: true })}
            />
            {option ? f.yes : f.no}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

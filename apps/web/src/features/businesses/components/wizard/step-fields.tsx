import { LONG_TEXT_MAX_LENGTH } from '@rumbo/contract';
import type { ComponentProps, Ref } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { controlClass } from '../../../../components/field-frame.tsx';
import { FormTextArea } from '../../../../components/form-text-area.tsx';
import { NumberField } from '../../../../components/number-field.tsx';
import { FIELD_LABELS, LONG_TEXT_PLACEHOLDERS, type LongTextName } from '../../wizard/field-labels.ts';
import type { BusinessFormValues, FieldName } from '../../wizard/form-values.ts';

/** What every step receives from the wizard. */
export interface StepProps {
  form: UseFormReturn<BusinessFormValues>;
  values: BusinessFormValues;
  /** The message to show under a field now (only once the user has been through it). */
  errorOf: (field: FieldName) => string | undefined;
}

/** A step's title, focused when the step opens (that is how a new step is announced). */
export function StepHeading({
  headingRef,
  title,
  subtitle,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  title: string;
  subtitle: string;
}) {
  return (
    <div className="space-y-1">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      <p className="text-sm font-normal text-slate-600">{subtitle}</p>
    </div>
  );
}

/** One of the long free-text fields, with its label, placeholder, limit and error. */
export function LongTextField({ form, errorOf, name }: Omit<StepProps, 'values'> & { name: LongTextName }) {
  return (
    <FormTextArea
      form={form}
      name={name}
      label={FIELD_LABELS[name]}
      maxLength={LONG_TEXT_MAX_LENGTH}
      placeholder={LONG_TEXT_PLACEHOLDERS[name]}
      error={errorOf(name)}
    />
  );
}

type NumericField = 'investment' | 'billing' | 'ebitda' | 'profit_margin' | 'team_size';

/** A NumberField bound to one of the form's numeric fields, with its error. */
export function FormNumberField({
  form,
  errorOf,
  name,
  ...props
}: Omit<StepProps, 'values'> & { name: NumericField } & Omit<
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

/** An amount with its € / $ choice beside it (the idea's investment, the company's billing). */
export function MoneyField({
  form,
  values,
  errorOf,
  name,
  currency,
  label,
  currencyLabel,
}: StepProps & {
  name: 'investment' | 'billing';
  currency: 'investment_currency' | 'billing_currency';
  label: string;
  currencyLabel: string;
}) {
  return (
    <FormNumberField
      form={form}
      errorOf={errorOf}
      name={name}
      label={label}
      min={0}
      step="any"
      addon={
        <select
          aria-label={currencyLabel}
          value={values[currency]}
          onChange={(event) =>
            form.setValue(currency, event.target.value === '$' ? '$' : '€', { shouldDirty: true })
          }
          className={`${controlClass} w-20 shrink-0`}
        >
          <option value="€">€</option>
          <option value="$">$</option>
        </select>
      }
    />
  );
}

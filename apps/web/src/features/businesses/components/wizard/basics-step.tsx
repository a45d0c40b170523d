import { COUNTRIES, SHORT_TEXT_MAX_LENGTH } from '@rumbo/contract';
import { Controller } from 'react-hook-form';
import { SelectField } from '../../../../components/select-field.tsx';
import { TextField } from '../../../../components/text-field.tsx';
import { copy } from '../../../../config/copy.es.ts';
import { LogoPicker } from '../logo-picker.tsx';
import type { StepProps } from './step-fields.tsx';

const f = copy.businesses.wizard.fields;

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

import { Building2, Lightbulb } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { ChoiceGroup } from '../../../../components/choice-group.tsx';
import { copy } from '../../../../config/copy.es.ts';
import type { BusinessType } from '../../wizard/form-values.ts';
import type { StepProps } from './step-fields.tsx';

const t = copy.businesses.wizard.steps.type;

/** Step 1 of the creation wizard (product.md §2.7): idea or established business. */
export function TypeStep({ form, values, heading }: StepProps & { heading: ReactNode }) {
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

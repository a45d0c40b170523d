import { DESCRIPTION_MAX_LENGTH, DESCRIPTION_MIN_LENGTH } from '@rumbo/contract';
import { useId } from 'react';
import { FormTextArea } from '../../../../components/form-text-area.tsx';
import { copy } from '../../../../config/copy.es.ts';
import { descriptionError, descriptionLength } from '../../wizard/step-rules.ts';
import { LongTextField, type StepProps } from './step-fields.tsx';

const f = copy.businesses.wizard.fields;

/** product.md §5: the description with its 'n/150' counter; established also mission, vision and team. */
export function DescriptionStep({ form, values, errorOf }: StepProps) {
  const established = values.businessType === 'established-business';
  const counterId = useId();
  const length = descriptionLength(values.description);
  return (
    <div className="space-y-5">
      <FormTextArea
        form={form}
        name="description"
        label={f.description}
        rows={6}
        maxLength={DESCRIPTION_MAX_LENGTH}
        placeholder={established ? f.establishedDescriptionPlaceholder : f.ideaDescriptionPlaceholder}
        // Shown while typing, not only after leaving the field (product.md §5).
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
      />
      {established ? (
        <>
          <LongTextField form={form} errorOf={errorOf} name="mission_and_vision" />
          <LongTextField form={form} errorOf={errorOf} name="team_description" />
        </>
      ) : null}
    </div>
  );
}

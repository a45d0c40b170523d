import { type ComponentProps, type ReactNode, useId } from 'react';
import { controlClass, describedBy, FieldFrame } from './field-frame.tsx';

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled select, with its error or hint under it. */
export function SelectField({ label, error, hint, id, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <select
        id={fieldId}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={`${controlClass} w-full`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

import { type ComponentProps, type ReactNode, useId } from 'react';
import { controlClass, describedBy, FieldFrame } from './field-frame.tsx';

export interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  /** Extra ids the textarea is described by (a live counter). */
  extraDescribedBy?: string;
}

/** A labelled textarea. Spread react-hook-form's `register()` into it (or use FormTextArea). */
export function TextAreaField({
  label,
  error,
  hint,
  aside,
  extraDescribedBy,
  id,
  rows = 4,
  ...textarea
}: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const described = [describedBy(fieldId, error, hint), extraDescribedBy].filter(Boolean).join(' ');
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} aside={aside}>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
        className={`${controlClass} w-full resize-y`}
        {...textarea}
      />
    </FieldFrame>
  );
}

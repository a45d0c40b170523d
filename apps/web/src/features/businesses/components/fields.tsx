import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { parseNumberInput } from '../wizard/form-model.ts';

/** The look of every input, select and textarea (as TextField's), without its width. */
export const controlClass =
  'block rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/30 sm:text-sm';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown on the label's line, at the right (the description's counter). */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label above, the control, then its error (red) or its hint. */
function FieldFrame({ id, label, error, hint, aside, children }: FieldFrameProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  aside?: ReactNode;
  /** Extra ids the textarea is described by (a live counter). */
  extraDescribedBy?: string;
}

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

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

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

interface NumberFieldProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> {
  label: string;
  value: number | null;
  /** Receives the parsed number (null when the input is empty). */
  onValueChange: (value: number | null) => void;
  /** Applied while typing (the profit margin's clamp). */
  normalize?: (value: number | null) => number | null;
  error?: string;
  hint?: ReactNode;
  /** A control next to the input (the currency). */
  addon?: ReactNode;
}

/**
 * A number input whose value is a number or null (product.md §5). It keeps what the user is typing ('1.',
 * '-') until it parses to something else, and shows the value instead when the form changed it
 * (a clamp).
 */
export function NumberField({
  label,
  value,
  onValueChange,
  normalize,
  error,
  hint,
  addon,
  id,
  ...input
}: NumberFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const [typed, setTyped] = useState(value === null ? '' : String(value));
  // What the user typed stays while it means the current value ('1.0' while heading for '1.05').
  const shown = parseNumberInput(typed) === value ? typed : value === null ? '' : String(value);
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint}>
      <div className="flex gap-2">
        <input
          id={fieldId}
          type="number"
          inputMode="decimal"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(fieldId, error, hint)}
          className={`${controlClass} min-w-0 flex-1`}
          value={shown}
          onChange={(event) => {
            setTyped(event.target.value);
            const parsed = parseNumberInput(event.target.value);
            onValueChange(normalize ? normalize(parsed) : parsed);
          }}
          {...input}
        />
        {addon}
      </div>
    </FieldFrame>
  );
}

import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { controlClass, describedBy, FieldFrame } from './field-frame.tsx';

/** product.md §5: numeric inputs parse to a number, and an empty input is null. */
export function parseNumberInput(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export interface NumberFieldProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> {
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

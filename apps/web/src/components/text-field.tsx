import { type ComponentProps, useId } from 'react';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Marks the field invalid (aria-invalid and a red border), with or without a message. */
  invalid?: boolean;
  /** Shown under the field, in red, when present. */
  error?: string;
  /** Quiet help text under the field when there is no error. */
  hint?: string;
}

/** A labelled input. Spread react-hook-form's `register()` (or the auth forms' `text()`) into it. */
export function TextField({
  label,
  invalid = false,
  error,
  hint,
  id,
  className = '',
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const message = error || hint;
  const messageId = `${inputId}-message`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={invalid}
        aria-describedby={message ? messageId : undefined}
        className={`block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/30 sm:text-sm ${className}`}
        {...input}
      />
      {message ? (
        <p id={messageId} className={error ? 'text-sm text-red-600' : 'text-xs text-slate-500'}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

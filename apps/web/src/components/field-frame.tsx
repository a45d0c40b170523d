import type { ReactNode } from 'react';

/** The look of every input, select and textarea (as TextField's), without its width. */
export const controlClass =
  'block rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/30 sm:text-sm';

export interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown on the label's line, at the right (a live counter). */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label above, the control, then its error (red) or its hint. */
export function FieldFrame({ id, label, error, hint, aside, children }: FieldFrameProps) {
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

/** The id of the message a control is described by: its error, else its hint. */
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

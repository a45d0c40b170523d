import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

const variants = {
  primary:
    'bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-600 disabled:hover:bg-brand-600 aria-disabled:hover:bg-brand-600',
  secondary:
    'bg-white text-slate-800 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-brand-600 disabled:hover:bg-white aria-disabled:hover:bg-white',
} as const;

interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  /** Shows a spinner and disables the button while a request runs. */
  loading?: boolean;
  /**
   * Disabled with aria-disabled instead of `disabled`: the button keeps focus (and stays in the Tab
   * order) when it turns off under the user, and its clicks do nothing.
   */
  focusable?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  focusable = false,
  disabled,
  className = '',
  children,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  const off = Boolean(disabled || loading);
  return (
    <button
      type={type}
      disabled={focusable ? undefined : off}
      aria-disabled={focusable && off ? true : undefined}
      aria-busy={loading || undefined}
      // preventDefault also stops a submit button from submitting (a click or Enter in a field).
      onClick={focusable && off ? (event) => event.preventDefault() : onClick}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70 ${variants[variant]} ${className}`}
      {...props}
    >
      {loading ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A button that looks like an inline link (view switches inside one screen). */
export function LinkButton({ className = '', type = 'button', ...props }: ComponentProps<'button'>) {
  return (
    <button
      type={type}
      className={`rounded font-medium text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70 ${className}`}
      {...props}
    />
  );
}

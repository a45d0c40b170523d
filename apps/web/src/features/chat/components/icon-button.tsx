import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Tooltip } from '../../../components/tooltip.tsx';

/** The chat screen's square icon buttons; the variant sets colours and corners. */
const VARIANTS = {
  plain: 'rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-600',
  muted: 'rounded-xl text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-brand-600',
  dark: 'rounded-xl bg-slate-900 text-white hover:bg-slate-700 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  brand:
    'rounded-xl bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300',
};

export const iconButtonClass = (variant: keyof typeof VARIANTS) =>
  `flex size-10 shrink-0 items-center justify-center focus-visible:outline-2 ${VARIANTS[variant]}`;

/** An icon-only button: `label` is both its accessible name and its tooltip (on hover and on focus). */
export function IconButton({
  label,
  variant = 'plain',
  type = 'button',
  children,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'className'> & {
  label: string;
  variant?: keyof typeof VARIANTS;
  children: ReactNode;
}) {
  return (
    <Tooltip text={label} kind="label">
      <button type={type} aria-label={label} className={iconButtonClass(variant)} {...rest}>
        {children}
      </button>
    </Tooltip>
  );
}

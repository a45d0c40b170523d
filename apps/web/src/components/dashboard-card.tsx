import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/**
 * A titled white card: the home's cards and the console's sections. Its heading names the section for
 * screen readers; `actions` sit beside the title (a count, a button), `description` under it.
 */
export function DashboardCard({
  title,
  icon: Icon,
  description,
  actions,
  className = '',
  children,
}: {
  title: string;
  icon?: LucideIcon;
  description?: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`flex min-w-0 flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/10 sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          {Icon ? (
            <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
              <Icon className="size-4" aria-hidden="true" />
            </span>
          ) : null}
          {title}
        </h2>
        {actions}
      </div>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4 flex flex-1 flex-col">{children}</div>
    </section>
  );
}

/** Classes of a link styled as the primary or secondary button (links that leave or move the page). */
export const linkButtonClasses = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-xs ring-1 ring-slate-300 transition-colors ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
} as const;

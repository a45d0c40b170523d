import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** A titled card of the home dashboard; features fill it, the home route lays the cards out. */
export function DashboardCard({
  title,
  icon: Icon,
  className = '',
  children,
}: {
  title: string;
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/10 ${className}`}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {title}
      </h2>
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

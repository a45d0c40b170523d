import { type ReactNode, useId } from 'react';

/** A titled white card of the console; its heading names the section for screen readers. */
export function Panel({
  title,
  description,
  actions,
  className = '',
  children,
}: {
  title: string;
  description?: string;
  /** Shown beside the title (a count, a button). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/10 sm:p-6 ${className}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Said while a part of the console loads. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-600">
      <span
        className="size-5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      {label}
    </div>
  );
}

/** A part of the console with nothing to show. */
export function Empty({ text }: { text: string }) {
  return <p className="py-4 text-sm text-slate-500">{text}</p>;
}

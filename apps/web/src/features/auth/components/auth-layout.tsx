import { Compass } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { copy } from '../../../config/copy.es.ts';
import { publicConfig } from '../../../config/public-config.ts';

/** The centred card every account screen sits in, under the product's name. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-linear-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-10">
      <div className="w-full max-w-md">
        <header className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30">
            <Compass className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{publicConfig.productName}</h1>
          <p className="text-sm text-slate-600">{copy.auth.brandTagline}</p>
        </header>
        <main className="rounded-2xl bg-white p-6 shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/5 sm:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The title of one view. When the user switches views, focus moves here so that keyboard and screen
 * reader users land at the top of the new content instead of on a button that no longer exists.
 */
export function ViewHeading({
  title,
  subtitle,
  focusOnMount = false,
}: {
  title: string;
  subtitle?: string;
  focusOnMount?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <div className="mb-6 space-y-1">
      <h2 ref={ref} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      {subtitle ? <p className="text-sm text-slate-600">{subtitle}</p> : null}
    </div>
  );
}

/** The 'o' rule between the form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs text-slate-500 uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {copy.auth.or}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

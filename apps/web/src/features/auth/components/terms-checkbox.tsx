import { type ComponentProps, useId } from 'react';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';

const linkClass =
  'font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** product.md §2.4: the registration's terms checkbox; both documents open in a new tab. */
export function TermsCheckbox({ error, ...input }: ComponentProps<'input'> & { error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const t = copy.auth.terms;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {t.before}
          <a href={paths.terms} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {t.termsLink}
          </a>
          {t.between}
          <a href={paths.privacy} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {t.privacyLink}
          </a>
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 pl-7 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

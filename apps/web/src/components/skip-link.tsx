import { copy } from '../config/copy.es.ts';

/** The id of the element a screen's skip link goes to (its main content, focusable with tabIndex -1). */
export const MAIN_CONTENT_ID = 'contenido';

/**
 * 'Saltar al contenido': the first stop of the Tab order, hidden until focused, so that keyboard users
 * pass the navigation (or the chat's history) in one step. Focus is moved by hand: following the
 * fragment would change the address the router reads.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const target = document.getElementById(MAIN_CONTENT_ID);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-lg ring-1 ring-slate-300 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {copy.common.skipToContent}
    </a>
  );
}

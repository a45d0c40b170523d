import { copy } from '../config/copy.es.ts';

/** Shown when a screen fails to load (a lazy chunk that cannot be fetched, an unexpected error). */
export function RouteError() {
  return (
    <main role="alert" className="flex min-h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-semibold">{copy.errors.screenFailed}</h1>
      <p className="text-slate-600">{copy.errors.screenFailedHint}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {copy.errors.retry}
      </button>
    </main>
  );
}

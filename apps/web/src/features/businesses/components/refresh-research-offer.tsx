import { useState } from 'react';
import { copy } from '../../../config/copy.es.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { requestResearch } from '../api/businesses.ts';

const t = copy.businesses.refreshOffer;

/**
 * After a business is edited (product.md §2.8: editing the business offers it): its market study was made
 * from the old profile, so the user may ask for a new one, within the plan's quota.
 */
export function RefreshResearchOffer({
  businessId,
  businessName,
}: {
  businessId: number;
  businessName: string;
}) {
  const [state, setState] = useState<'offer' | 'asking' | 'started' | 'dismissed'>('offer');
  const [refusal, setRefusal] = useState<string | null>(null);
  if (state === 'dismissed') return null;
  const ask = async () => {
    setState('asking');
    try {
      await requestResearch(businessId);
      setState('started');
    } catch (error) {
      setRefusal(error instanceof ApiError && error.status === 403 ? error.message : t.failed);
      setState('offer');
    }
  };
  return (
    <section
      aria-label={t.label}
      className="mt-6 rounded-2xl bg-brand-50 p-4 text-sm text-slate-800 ring-1 ring-brand-100"
    >
      {state === 'started' ? (
        <p role="status">{t.started}</p>
      ) : (
        <>
          <p>{t.text(businessName)}</p>
          {refusal ? (
            <p role="alert" className="mt-2 text-red-700">
              {refusal}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={ask}
              disabled={state === 'asking'}
              className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-3 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
            >
              {t.refresh}
            </button>
            <button
              type="button"
              onClick={() => setState('dismissed')}
              className="inline-flex min-h-10 items-center rounded-lg bg-white px-3 font-semibold text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {t.dismiss}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

import { hasPlanAdvisor, type ShareDays } from '@rumbo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { financeCopy } from '../../../config/copy/finance.es.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { createShare, revokeShare, shareQueryKeys, sharesQueryOptions } from '../api/shares.ts';

const t = financeCopy.share;
const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

/** 'Compartir el plan' (ADR 0042): read-only links of 7 or 30 days, their views, and 'Revocar'. */
export function SharePanel({ businessId, planId }: { businessId: number; planId: number }) {
  const allowed = hasPlanAdvisor(planId);
  const queryClient = useQueryClient();
  const shares = useQuery({ ...sharesQueryOptions(businessId), enabled: allowed });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: shareQueryKeys.list(businessId) });
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await refresh();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status !== 0 ? failure.message : t.failed);
    } finally {
      setBusy(false);
    }
  };
  const make = (days: ShareDays) => run(() => createShare(businessId, days));
  return (
    <section
      aria-labelledby="compartir"
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <h2 id="compartir" className="text-lg font-bold text-slate-900">
        {t.title}
      </h2>
      <p className="max-w-prose text-sm text-slate-600">{allowed ? t.intro : t.upgrade}</p>
      {!allowed ? (
        <Link
          to={paths.subscription}
          className="inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {financeCopy.proposals.upgradeLink}
        </Link>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => make(7)} disabled={busy}>
              <Link2 className="size-4" aria-hidden="true" />
              {t.create7}
            </Button>
            <Button variant="secondary" onClick={() => make(30)} disabled={busy}>
              <Link2 className="size-4" aria-hidden="true" />
              {t.create30}
            </Button>
          </div>
          {error ? <FormAlert message={error} /> : null}
          {shares.data && shares.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t.none}</p>
          ) : null}
          <ul className="space-y-2">
            {shares.data?.map((share) => {
              const expires = dateFormat.format(new Date(share.expires_at));
              const state = share.revoked_at ? t.revoked : share.active ? t.expires(expires) : t.expired;
              return (
                <li
                  key={share.id}
                  className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
                  data-testid="enlace"
                >
                  <label className="block space-y-1 text-sm">
                    <span className="font-medium text-slate-700">{t.link}</span>
                    <input
                      readOnly
                      value={share.url}
                      className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs text-slate-800"
                      onFocus={(event) => event.target.select()}
                    />
                  </label>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700">
                    <span>{state}</span>
                    <span data-testid="visitas">{t.views(share.views)}</span>
                    {share.active ? (
                      <>
                        <Button
                          variant="secondary"
                          onClick={async () => {
                            await navigator.clipboard?.writeText(share.url).catch(() => {});
                            setCopied(share.id);
                            setTimeout(() => setCopied(null), 3000);
                          }}
                        >
                          {copied === share.id ? t.copied : t.copy}
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={t.revokeLabel(expires)}
                          onClick={() => run(() => revokeShare(businessId, share.id))}
                          disabled={busy}
                        >
                          {t.revoke}
                        </Button>
                      </>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

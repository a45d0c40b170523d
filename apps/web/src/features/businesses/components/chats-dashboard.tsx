import { type Business, businessLimit, isResearchEnabled } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { Lock, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';
import { businessesQueryOptions } from '../api/businesses.ts';
import { useDeleteBusiness } from '../hooks/use-delete-business.ts';
import { BusinessCard } from './business-card.tsx';
import { RefreshResearchOffer } from './refresh-research-offer.tsx';

const t = copy.businesses.dashboard;

/** product.md §2.9 'Chats dashboard'. The route preloads the list; `planId` decides where the add card goes. */
export function ChatsDashboard({ planId, edited }: { planId: number; edited?: number }) {
  const businesses = useQuery(businessesQueryOptions());
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<Business | null>(null);
  const remove = useDeleteBusiness();
  const sectionId = useId();

  const list = businesses.data ?? [];
  const editedBusiness = list.find((business) => business.id === edited);
  const limitReached = list.length >= businessLimit(planId);

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t.heading}</h1>
      {editedBusiness && isResearchEnabled(planId) ? (
        <RefreshResearchOffer businessId={editedBusiness.id} businessName={editedBusiness.name} />
      ) : null}
      <section aria-labelledby={sectionId} className="mt-8">
        <h2 id={sectionId} className="text-lg font-semibold text-slate-900">
          {t.section}
        </h2>
        {businesses.isPending ? (
          <div
            role="status"
            aria-label={copy.common.loading}
            className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {[0, 1, 2].map((key) => (
              <div key={key} className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
            ))}
          </div>
        ) : businesses.isError ? (
          <div className="mt-4 max-w-md space-y-3">
            <FormAlert message={t.loadFailed} />
            <Button
              variant="secondary"
              onClick={() => void businesses.refetch()}
              loading={businesses.isFetching}
            >
              {t.retry}
            </Button>
          </div>
        ) : (
          <>
            {list.length === 0 ? <p className="mt-2 max-w-prose text-sm text-slate-600">{t.empty}</p> : null}
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((business) => (
                <li key={business.id} className="min-w-0">
                  <BusinessCard
                    business={business}
                    onEdit={() => void navigate(paths.editBusiness(business.stage, business.id))}
                    onReport={() => void navigate(paths.report(business.id))}
                    onFinance={() => void navigate(paths.finance(business.id))}
                    onRoadmap={() => void navigate(paths.roadmap(business.id))}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(business);
                    }}
                  />
                </li>
              ))}
              <li>
                <AddCard limitReached={limitReached} />
              </li>
            </ul>
          </>
        )}
      </section>
      {deleting ? (
        <ConfirmDialog
          title={t.confirmDelete.title(deleting.name)}
          body={t.confirmDelete.body}
          onDismiss={() => {
            if (!remove.isPending) setDeleting(null);
          }}
          alert={remove.isError ? <FormAlert message={t.confirmDelete.failed} /> : null}
        >
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            {t.confirmDelete.cancel}
          </Button>
          <Button
            className="bg-red-600 hover:bg-red-700 focus-visible:outline-red-600 disabled:hover:bg-red-600"
            loading={remove.isPending}
            onClick={() => remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
          >
            {t.confirmDelete.confirm}
          </Button>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}

/** The last card: a new business, or the subscription page when the plan allows no more (product.md §2.9). */
function AddCard({ limitReached }: { limitReached: boolean }) {
  const Icon = limitReached ? Lock : Plus;
  return (
    <Link
      to={limitReached ? paths.subscription : paths.newBusiness}
      className="flex h-full min-h-40 flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 p-5 text-center text-slate-600 transition-colors hover:border-brand-500 hover:bg-brand-50/50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="text-sm font-semibold text-slate-900">{limitReached ? t.limitReached : t.add}</span>
      <span className="text-xs">{limitReached ? t.limitHint : t.addHint}</span>
    </Link>
  );
}

import { useId } from 'react';
import { copy } from '../../../config/copy.es.ts';
import { useBillingActions } from '../hooks/use-billing-actions.ts';
import { useCurrentSubscription } from '../hooks/use-current-subscription.ts';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { PlanGrid } from './plan-grid.tsx';

const texts = copy.billing.subscription;

/** The profile's subscription tab (product.md §2.10): 'Tu plan actual' and 'Explora nuestros planes'. */
export function SubscriptionScreen({
  planId: cachedPlanId,
  onFreePlanApplied,
}: {
  /** The product user's plan, as loaded at sign-in. */
  planId: number;
  onFreePlanApplied: () => Promise<void> | void;
}) {
  const current = useCurrentSubscription();
  // The server's answer is the fresher of the two (a webhook may have changed the plan since sign-in).
  const planId = current.data?.plan_id ?? cachedPlanId;
  const { busyTarget, error, choosePlan, manageSubscription } = useBillingActions({
    currentPlanId: planId,
    onFreePlanApplied,
  });
  const exploreId = useId();
  return (
    <main className="mx-auto max-w-5xl space-y-10 px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.title}</h1>
      <CurrentPlanCard
        planId={planId}
        subscription={current.data}
        subscriptionFailed={current.isError}
        onRetry={() => void current.refetch()}
        onManage={() => void manageSubscription()}
        manageBusy={busyTarget === 'portal'}
        disabled={busyTarget !== null}
        manageError={error?.target === 'portal' ? error.message : undefined}
      />
      <section aria-labelledby={exploreId}>
        <h2 id={exploreId} className="mb-6 text-xl font-semibold text-slate-900">
          {texts.explore}
        </h2>
        {/* Keyed by plan so that the slider starts at the server's plan once it is known. */}
        <PlanGrid
          key={planId}
          currentPlanId={planId}
          onChoose={(id) => void choosePlan(id)}
          busyTarget={busyTarget}
          error={error}
          headingLevel="h3"
        />
      </section>
    </main>
  );
}

import { type CurrentSubscription, isPaidPlan, planOf } from '@rumbo/contract';
import { CalendarClock, CircleAlert, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Button, LinkButton } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { copy } from '../../../config/copy.es.ts';
import { formatEuros } from '../format.ts';
import { paymentIsOverdue, renewalText } from '../renewal.ts';

const texts = copy.billing.subscription;

export interface CurrentPlanCardProps {
  planId: number;
  subscription: CurrentSubscription | undefined;
  subscriptionFailed: boolean;
  onRetry: () => void;
  onManage: () => void;
  manageBusy: boolean;
  /** Another action is running. */
  disabled: boolean;
  manageError?: string;
}

/** product.md §2.10 'Tu plan actual': plan name, price, renewal date and 'Gestionar suscripción'. */
export function CurrentPlanCard({
  planId,
  subscription,
  subscriptionFailed,
  onRetry,
  onManage,
  manageBusy,
  disabled,
  manageError,
}: CurrentPlanCardProps) {
  const titleId = useId();
  const hintId = useId();
  const plan = planOf(planId);
  const paid = isPaidPlan(planId);
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/10 sm:p-8"
    >
      <h2 id={titleId} className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
        {texts.currentPlan}
      </h2>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <p className="text-2xl font-bold text-slate-900">{plan.name}</p>
          {plan.features[0] ? <p className="mt-1 text-sm text-slate-600">{plan.features[0].text}</p> : null}
        </div>
        <p className="flex items-baseline gap-1">
          <span className="text-3xl font-bold tracking-tight text-slate-900">
            {plan.price === 0 ? plan.priceLabel : formatEuros(plan.price)}
          </span>
          {plan.price === 0 ? null : (
            <span className="text-sm font-medium text-slate-500">{copy.billing.plans.perMonth}</span>
          )}
        </p>
      </div>

      <div className="mt-5 flex items-start gap-2 text-sm text-slate-700" aria-live="polite">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {subscription ? (
          <p>{renewalText(subscription)}</p>
        ) : subscriptionFailed ? (
          <p>
            {texts.loadFailed} <LinkButton onClick={onRetry}>{texts.retry}</LinkButton>
          </p>
        ) : (
          <p className="h-5 w-64 max-w-full animate-pulse rounded bg-slate-200">
            <span className="sr-only">{copy.common.loading}</span>
          </p>
        )}
      </div>
      {subscription && paymentIsOverdue(subscription) ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-800 ring-1 ring-amber-200">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {texts.pastDue}
        </p>
      ) : null}

      <div className="mt-6 space-y-3">
        <Button
          variant="secondary"
          onClick={onManage}
          loading={manageBusy}
          disabled={!paid || disabled}
          aria-describedby={paid ? undefined : hintId}
          className="w-full sm:w-auto"
        >
          {manageBusy ? null : <ExternalLink className="size-4" aria-hidden="true" />}
          {texts.manage}
        </Button>
        {paid ? null : (
          <p id={hintId} className="text-sm text-slate-500">
            {texts.manageUnavailable}
          </p>
        )}
        {manageError ? <FormAlert message={manageError} /> : null}
      </div>
    </section>
  );
}

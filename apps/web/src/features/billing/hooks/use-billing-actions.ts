import { type PlanId, STARTER_PLAN } from '@rumbo/contract';
import { useCallback, useState } from 'react';
import { leavePage, waitWhileLeaving } from '../../../lib/leave-page.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { createPortalSession, createSubscription } from '../api/subscriptions.ts';
import { billingErrorMessage } from '../errors.ts';
import { planAction } from '../plan-rules.ts';

/** A plan id, or the 'Gestionar suscripción' button. */
export type BillingTarget = PlanId | 'portal';

export interface BillingActionError {
  target: BillingTarget;
  message: string;
}

export interface BillingActionsOptions {
  currentPlanId: number;
  /** Starter was applied on the spot (no payment page): refresh the user and move on. */
  onFreePlanApplied: () => Promise<void> | void;
}

/**
 * Choosing a plan and opening the portal (product.md §4 'Plans', ADR 0007), one at a time: while one call
 * runs, or the browser is leaving for the payment page, every other choice is ignored. A failure is
 * kept with the button it belongs to, so that it is shown where the user is looking.
 */
export function useBillingActions({ currentPlanId, onFreePlanApplied }: BillingActionsOptions) {
  const { busy, run } = useSingleFlight<string>();
  const [error, setError] = useState<BillingActionError | null>(null);

  const goTo = useCallback(async (url: string) => {
    leavePage(url);
    await waitWhileLeaving();
  }, []);

  const choosePlan = useCallback(
    (planId: PlanId) => {
      const action = planAction(currentPlanId, planId);
      if (action === 'none') return Promise.resolve();
      return run(String(planId), async () => {
        setError(null);
        try {
          if (action === 'portal') {
            await goTo((await createPortalSession()).url);
            return;
          }
          const { url } = await createSubscription(planId);
          if (url) await goTo(url);
          else await onFreePlanApplied();
        } catch (thrown) {
          const attempt = action === 'portal' ? 'portal' : planId === STARTER_PLAN ? 'free' : 'checkout';
          setError({ target: planId, message: billingErrorMessage(thrown, attempt) });
        }
      });
    },
    [currentPlanId, onFreePlanApplied, run, goTo],
  );

  const manageSubscription = useCallback(
    () =>
      run('portal', async () => {
        setError(null);
        try {
          await goTo((await createPortalSession()).url);
        } catch (thrown) {
          setError({ target: 'portal', message: billingErrorMessage(thrown, 'portal') });
        }
      }),
    [run, goTo],
  );

  const busyTarget: BillingTarget | null =
    busy === null ? null : busy === 'portal' ? 'portal' : (Number(busy) as PlanId);
  return { busyTarget, error, choosePlan, manageSubscription };
}

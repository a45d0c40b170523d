import { useBillingActions } from '../hooks/use-billing-actions.ts';
import { PlanGrid } from './plan-grid.tsx';

/** The plan grid with its actions, for a screen that shows nothing else of the subscription (/plans). */
export function PlanChooser({
  currentPlanId,
  onFreePlanApplied,
}: {
  currentPlanId: number;
  onFreePlanApplied: () => Promise<void> | void;
}) {
  const { busyTarget, error, choosePlan } = useBillingActions({ currentPlanId, onFreePlanApplied });
  return (
    <PlanGrid
      currentPlanId={currentPlanId}
      onChoose={(planId) => void choosePlan(planId)}
      busyTarget={busyTarget}
      error={error}
    />
  );
}

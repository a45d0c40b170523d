import { isPaidPlan, type PlanId, planOf } from '@rumbo/contract';
import { useState } from 'react';
import { copy } from '../../../config/copy.es.ts';
import type { BillingActionError, BillingTarget } from '../hooks/use-billing-actions.ts';
import { planButtonKind, sliderPlanAt, sliderPositionOf } from '../plan-rules.ts';
import { CreditSlider } from './credit-slider.tsx';
import { PlanCard } from './plan-card.tsx';

export interface PlanGridProps {
  currentPlanId: number;
  onChoose: (planId: PlanId) => void;
  /** What is running: its button shows progress while every other one waits. */
  busyTarget: BillingTarget | null;
  error: BillingActionError | null;
  /** 'h2' on /plans, 'h3' under the subscription tab's 'Explora nuestros planes'. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * The plan grid of product.md §2.10 and §4: Starter, Founder, and a CEO card whose plan follows the credit
 * slider (600, 1400 or unlimited credits → plans 7, 11, 12), starting at the user's own plan.
 */
export function PlanGrid({ currentPlanId, onChoose, busyTarget, error, headingLevel = 'h2' }: PlanGridProps) {
  const [position, setPosition] = useState(() => sliderPositionOf(currentPlanId));
  const ceoPlanId = sliderPlanAt(position);
  const busy = busyTarget !== null;

  const card = (planId: PlanId, slider = false) => (
    <PlanCard
      key={slider ? 'ceo' : planId}
      plan={planOf(planId)}
      buttonKind={planButtonKind(currentPlanId, planId)}
      headingLevel={headingLevel}
      onChoose={() => onChoose(planId)}
      busy={busyTarget === planId}
      disabled={busy}
      error={error?.target === planId ? error.message : undefined}
    >
      {slider ? <CreditSlider position={position} onChange={setPosition} disabled={busy} /> : null}
    </PlanCard>
  );

  return (
    <div className="@container">
      {isPaidPlan(currentPlanId) ? (
        <p className="mb-6 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700">
          {copy.billing.plans.portalHint}
        </p>
      ) : null}
      <ul
        aria-label={copy.billing.plans.gridLabel}
        className="grid grid-cols-1 gap-6 pt-3 @3xl:grid-cols-3 @3xl:gap-5"
      >
        <li className="flex">{card(9)}</li>
        <li className="flex">{card(5)}</li>
        <li className="flex">{card(ceoPlanId, true)}</li>
      </ul>
    </div>
  );
}

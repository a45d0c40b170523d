import type { Plan } from '@rumbo/contract';
import { Check, Sparkles, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { copy } from '../../../config/copy.es.ts';
import { formatEuros } from '../format.ts';
import type { PlanButtonKind } from '../plan-rules.ts';

const texts = copy.billing.plans;
const COMING_SOON_SUFFIX = ` (${texts.comingSoon})`;

export interface PlanCardProps {
  plan: Plan;
  buttonKind: PlanButtonKind;
  headingLevel: 'h2' | 'h3';
  onChoose: () => void;
  busy: boolean;
  disabled: boolean;
  error?: string;
  /** Extra controls under the price (the CEO card's credit slider). */
  children?: ReactNode;
}

/** One plan of the grid: name, price, description, features and the spec's button (§4 'Plans'). */
export function PlanCard({
  plan,
  buttonKind,
  headingLevel: Heading,
  onChoose,
  busy,
  disabled,
  error,
  children,
}: PlanCardProps) {
  const titleId = useId();
  const current = buttonKind === 'current';
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex w-full flex-col rounded-2xl bg-white p-6 shadow-sm ${
        plan.popular ? 'ring-2 ring-brand-600' : 'ring-1 ring-slate-900/10'
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {texts.popular}
        </p>
      ) : null}
      <Heading id={titleId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </Heading>
      {/* Two lines reserved side by side, so that the prices line up across the cards. */}
      <p className="mt-1 text-sm text-slate-600 @3xl:min-h-10">{plan.description}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          {plan.price === 0 ? plan.priceLabel : formatEuros(plan.price)}
        </span>
        {plan.price === 0 ? null : (
          <span className="text-sm font-medium text-slate-500">{texts.perMonth}</span>
        )}
      </p>
      {children}
      <ul className="mt-6 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <PlanFeatureItem key={feature.text} text={feature.text} included={feature.included} />
        ))}
      </ul>
      <div className="mt-auto space-y-3 pt-6">
        <Button
          variant={plan.popular && !current ? 'primary' : 'secondary'}
          className="w-full"
          onClick={onChoose}
          loading={busy}
          disabled={current || disabled}
        >
          {current ? <Check className="size-4" aria-hidden="true" /> : null}
          {texts.buttons[buttonKind]}
        </Button>
        {error ? <FormAlert message={error} /> : null}
      </div>
    </article>
  );
}

function PlanFeatureItem({ text, included }: { text: string; included: boolean }) {
  const comingSoon = text.endsWith(COMING_SOON_SUFFIX);
  const label = comingSoon ? text.slice(0, -COMING_SOON_SUFFIX.length) : text;
  const Icon = included ? Check : X;
  return (
    <li className="flex items-start gap-3">
      <Icon
        className={`mt-0.5 size-4 shrink-0 ${included ? 'text-brand-600' : 'text-slate-400'}`}
        aria-hidden="true"
      />
      <span
        className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${included ? 'text-slate-700' : 'text-slate-500'}`}
      >
        <span>
          {label}
          <span className="sr-only">{`: ${included ? texts.included : texts.notIncluded}`}</span>
        </span>
        {comingSoon ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-700 ring-1 ring-amber-200">
            {texts.comingSoon}
          </span>
        ) : null}
      </span>
    </li>
  );
}

import { displayCredits } from '@rumbo/contract';
import { copy } from '../../config/copy.es.ts';
import { useAnimatedNumber } from './use-animated-number.ts';

const texts = copy.billing.credits;
const numbers = new Intl.NumberFormat('es-ES');

export interface CreditsCounterProps {
  planId: number;
  /** As the API sends it: null means unlimited (plan 12). */
  credits: number | null;
  /** The number's own classes (size, weight); the unit follows in a quieter style. */
  numberClassName?: string;
  unitClassName?: string;
  className?: string;
}

/**
 * The user's credits as product.md §6 and §9 want them shown: 'Créditos ilimitados' on plan 12 only, never
 * below 0 otherwise, counting to the value over 60 eased frames. Screen readers get the final value
 * once, not every frame.
 */
export function CreditsCounter({
  planId,
  credits,
  numberClassName = 'font-semibold tabular-nums',
  unitClassName = '',
  className = '',
}: CreditsCounterProps) {
  const shown = displayCredits(planId, credits);
  if (shown === null) {
    return (
      <span className={className} data-credits="unlimited">
        <span className={numberClassName}>{texts.unlimited}</span>
      </span>
    );
  }
  return (
    <AnimatedCredits
      value={shown}
      className={className}
      numberClassName={numberClassName}
      unitClassName={unitClassName}
    />
  );
}

function AnimatedCredits({
  value,
  className,
  numberClassName,
  unitClassName,
}: {
  value: number;
  className: string;
  numberClassName: string;
  unitClassName: string;
}) {
  const current = useAnimatedNumber(value);
  return (
    <span className={className} data-credits={value}>
      <span aria-hidden="true">
        <span className={numberClassName}>{numbers.format(current)}</span>{' '}
        <span className={unitClassName}>{texts.unit(value)}</span>
      </span>
      <span className="sr-only">{`${numbers.format(value)} ${texts.unit(value)}`}</span>
    </span>
  );
}

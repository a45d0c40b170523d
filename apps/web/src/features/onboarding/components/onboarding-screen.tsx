import {
  DISCOVERY_SOURCES,
  type DiscoverySource,
  EXPERIENCE_OPTIONS,
  type Experience,
} from '@rumbo/contract';
import { Compass } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { copy } from '../../../config/copy.es.ts';
import { publicConfig } from '../../../config/public-config.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { rememberExperience, saveDiscoverySource } from '../api/onboarding.ts';

const t = copy.businesses.onboarding;
const TOTAL_STEPS = 3;

export interface OnboardingScreenProps {
  /** Always reachable (the 'Cerrar sesión' button). */
  headerAction?: ReactNode;
  /** Step 3: the business form, given a way back to step 2. */
  businessStep: (back: () => void) => ReactNode;
  /** When the user already registered their business, step 2 ends the onboarding here. */
  skipBusinessStep?: boolean;
  onFinish: () => void;
}

/**
 * product.md §2.5: where the user found us, when the venture started, then the business. Each Continue
 * opens only once an option is chosen.
 */
export function OnboardingScreen({
  headerAction,
  businessStep,
  skipBusinessStep,
  onFinish,
}: OnboardingScreenProps) {
  const [step, setStep] = useState(1);
  const [source, setSource] = useState<DiscoverySource | null>(null);
  const [experience, setExperience] = useState<Experience | null>(null);
  const [error, setError] = useState('');
  const { busy, run } = useSingleFlight<'next'>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const sourceName = useId();
  const experienceName = useId();

  useEffect(() => {
    if (moved.current && step < 3) headingRef.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setError('');
    setStep(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 1 && source) {
      void run('next', async () => {
        try {
          await saveDiscoverySource(source);
          goTo(2);
        } catch {
          setError(t.saveFailed);
        }
      });
    } else if (step === 2 && experience) {
      rememberExperience(experience);
      if (skipBusinessStep) onFinish();
      else goTo(3);
    }
  };

  const heading = (text: string) => (
    <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
      {text}
    </h2>
  );

  return (
    <div className="min-h-full bg-linear-to-b from-brand-50 via-slate-50 to-slate-50 px-4 py-6 sm:py-10">
      <div className="mx-auto w-full max-w-2xl">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md shadow-brand-600/30">
              <Compass className="size-6" aria-hidden="true" />
            </span>
            <div>
              <p className="text-base font-bold text-slate-900">{publicConfig.productName}</p>
              <h1 className="text-sm text-slate-600">{t.title}</h1>
            </div>
          </div>
          {headerAction}
        </header>
        <main className="rounded-2xl bg-white p-5 shadow-xl shadow-slate-900/5 ring-1 ring-slate-900/5 sm:p-8">
          <p className="mb-5 text-xs font-semibold tracking-wide text-brand-600 uppercase">
            {t.progress(step, TOTAL_STEPS)}
          </p>
          {step === 3 ? (
            businessStep(() => goTo(2))
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-6">
              {step === 1 ? (
                <ChoiceGroup<DiscoverySource>
                  legend={heading(t.discovery.title)}
                  name={sourceName}
                  value={source}
                  onChange={setSource}
                  gridClassName="grid-cols-1 sm:grid-cols-2"
                  options={DISCOVERY_SOURCES.map((value) => ({ value, label: t.discovery.options[value] }))}
                />
              ) : (
                <ChoiceGroup<Experience>
                  legend={heading(t.experience.title)}
                  name={experienceName}
                  value={experience}
                  onChange={setExperience}
                  options={EXPERIENCE_OPTIONS.map((value) => ({ value, label: t.experience.options[value] }))}
                />
              )}
              {error ? <FormAlert message={error} /> : null}
              <div className="flex items-center justify-between gap-3">
                {step === 2 ? (
                  <Button variant="secondary" onClick={() => goTo(1)}>
                    {t.back}
                  </Button>
                ) : (
                  <span />
                )}
                <Button
                  type="submit"
                  disabled={(step === 1 ? source : experience) === null || busy !== null}
                  loading={busy === 'next'}
                >
                  {t.next}
                </Button>
              </div>
            </form>
          )}
        </main>
      </div>
    </div>
  );
}

import type { Business } from '@rumbo/contract';
import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { copy } from '../../../config/copy.es.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useSaveBusiness } from '../hooks/use-save-business.ts';
import {
  type BusinessFormValues,
  CREATE_STEPS,
  checkStep,
  EDIT_STEPS,
  emptyFormValues,
  type FieldName,
  formValuesFromBusiness,
  STAGE_OF,
  type StepId,
  stepOfField,
  toPayload,
} from '../wizard/form-model.ts';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';
import {
  BasicsStep,
  DescriptionStep,
  GoalsStep,
  type StepProps,
  TeamStep,
  TypeStep,
} from './wizard-steps.tsx';

const t = copy.businesses.wizard;

/** Field names as the user reads them, for a refusal the server gives about one field. */
const FIELD_LABELS: Partial<Record<string, string>> = {
  name: t.fields.name,
  location: t.fields.location,
  user_position: t.fields.userPosition,
  description: t.fields.description,
  mission_and_vision: t.fields.missionAndVision,
  team_description: t.fields.teamDescription,
  team_size: t.fields.teamSize,
  competitor_differentiation: t.fields.competitorDifferentiation,
  investment: t.fields.investment,
  billing: t.fields.billing,
  ebitda: t.fields.ebitda,
  profit_margin: t.fields.profitMargin,
  goal: t.fields.goal,
  extra_info: t.fields.extraInfo,
};

const STEP_TEXT: Record<StepId, { title: string; subtitle: string }> = {
  type: t.steps.type,
  basics: t.steps.basics,
  description: t.steps.description,
  team: t.steps.team,
  goals: t.steps.goals,
};

export interface BusinessWizardProps {
  /** 'edit' drops the type step and asks before leaving with unsaved changes (product.md §2.8). */
  mode: 'create' | 'edit';
  /** The business being edited. */
  business?: Business;
  /**
   * 'dialog' (the default) covers the screen with a closable dialog; 'embedded' sits inside another
   * screen (onboarding step 3) with no close button.
   */
  variant?: 'dialog' | 'embedded';
  /** Replaces the type step's question (onboarding, product.md §2.5). */
  typeTitle?: string;
  /** 'Atrás' on the first step, when there is somewhere to go back to (onboarding step 2). */
  onBackFromStart?: () => void;
  /** Leaves without saving (close, 'Salir sin guardar'). */
  onExit?: () => void;
  /** Called once the business (and its logo) is saved and in the cached list. */
  onDone: (business: Business) => void;
}

/**
 * The creation and edit wizards (product.md §2.7, §2.8, §4 'Wizards', §5). Continue opens only when the
 * step is valid by the contract's rules; a field shows its message once the user has left it. A
 * failed save shows a Spanish message and keeps everything the user typed.
 */
export function BusinessWizard({
  mode,
  business,
  variant = 'dialog',
  typeTitle,
  onBackFromStart,
  onExit,
  onDone,
}: BusinessWizardProps) {
  const steps = mode === 'create' ? CREATE_STEPS : EDIT_STEPS;
  const form = useForm<BusinessFormValues>({
    defaultValues: business ? formValuesFromBusiness(business) : emptyFormValues(),
  });
  const values = form.watch();
  const touched = form.formState.touchedFields;
  // Read during render so that the form reports changes (react-hook-form subscribes on read).
  const changed = form.formState.isDirty;
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState<ReadonlySet<FieldName>>(new Set());
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const askedOnce = useRef(false);
  const { busy, run } = useSingleFlight<'save'>();
  const save = useSaveBusiness(business);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const shownIndex = useRef(0);

  const step = steps[index] ?? 'basics';
  const check = checkStep(step, values);
  const isLast = index === steps.length - 1;
  const title = mode === 'create' ? t.createTitle : t.editTitle;

  const errorOf = (field: FieldName) =>
    touched[field as keyof typeof touched] || revealed.has(field) ? check.errors[field] : undefined;

  // A new step is announced by moving focus to its title (not on the first render: the dialog does that).
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    bodyRef.current?.scrollTo?.({ top: 0 });
    headingRef.current?.focus();
  }, [index]);

  const goTo = (next: number) => {
    setError('');
    setIndex(next);
  };

  const next = () => {
    if (!check.valid) return;
    // product.md §5: without competitors, the differentiation is cleared before continuing.
    if (step === 'team' && !values.competitor_existence) form.setValue('competitor_differentiation', '');
    goTo(index + 1);
  };

  const back = () => {
    if (index === 0) onBackFromStart?.();
    else goTo(index - 1);
  };

  /** Sends the user to the step of a field the rules or the server refused, with its message shown. */
  const showProblem = (field: string | undefined, message: string) => {
    const stage = STAGE_OF[values.businessType ?? 'business-idea'];
    const target = field ? stepOfField(stage, field) : undefined;
    const targetIndex = target ? steps.indexOf(target) : -1;
    if (targetIndex >= 0 && targetIndex !== index) goTo(targetIndex);
    if (field) setRevealed((current) => new Set(current).add(field as FieldName));
    const label = field ? FIELD_LABELS[field] : undefined;
    setError(label ? t.errors.invalidField(label, message) : message);
  };

  const submit = () =>
    run('save', async () => {
      setError('');
      // Every step must hold (the popup's 'Guardar cambios' may save from any step).
      for (const [position, id] of steps.entries()) {
        const result = checkStep(id, values);
        if (!result.valid) {
          if (position !== index) goTo(position);
          setRevealed(new Set(Object.keys(result.errors) as FieldName[]));
          return;
        }
      }
      const payload = toPayload(values);
      if (!payload.ok) {
        showProblem(payload.field, payload.message);
        return;
      }
      const outcome = await save(payload.payload, values.logo, values.name);
      if (outcome.ok) {
        onDone(outcome.business);
        return;
      }
      if (outcome.field === 'logo') {
        // The business is saved; only the logo is left to send when the user tries again.
        setError(outcome.message);
        return;
      }
      showProblem(outcome.field, outcome.message);
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isLast) void submit();
    else next();
  };

  /**
   * product.md §2.8: the first close of the edit wizard asks; closing again leaves. ADR 0018: it asks only
   * when something was changed.
   */
  const requestClose = () => {
    if (busy) return;
    if (mode === 'create' || !changed || askedOnce.current) {
      onExit?.();
      return;
    }
    askedOnce.current = true;
    setConfirming(true);
  };

  const stepProps: StepProps = { form, values, errorOf };
  const text = STEP_TEXT[step];
  const heading = (
    <div className="space-y-1">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        {step === 'type' && typeTitle ? typeTitle : text.title}
      </h2>
      <p className="text-sm font-normal text-slate-600">{text.subtitle}</p>
    </div>
  );
  let content: ReactNode;
  if (step === 'type') content = <TypeStep {...stepProps} heading={heading} />;
  else {
    const Step = { basics: BasicsStep, description: DescriptionStep, team: TeamStep, goals: GoalsStep }[step];
    content = (
      <>
        <div className="mb-6">{heading}</div>
        <Step {...stepProps} />
      </>
    );
  }

  const progress = (
    <div className="space-y-2">
      {/* Embedded in the onboarding, whose own counter ('Paso 3 de 3') is the one shown. */}
      {variant === 'embedded' ? null : (
        <p className="text-xs font-medium text-slate-500">{t.progress(index + 1, steps.length)}</p>
      )}
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={index + 1}
        aria-valuetext={t.progress(index + 1, steps.length)}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${((index + 1) / steps.length) * 100}%` }}
        />
      </div>
    </div>
  );

  const footer = (
    <div className="space-y-3">
      {error ? <FormAlert message={error} /> : null}
      <div className="flex items-center justify-between gap-3">
        {index > 0 || onBackFromStart ? (
          <Button variant="secondary" onClick={back} disabled={busy !== null}>
            {t.back}
          </Button>
        ) : (
          <span />
        )}
        {/* Focusable while off: focus never falls to the page when a step stops being valid. */}
        <Button type="submit" focusable disabled={!check.valid || busy !== null} loading={busy === 'save'}>
          {isLast ? (mode === 'create' ? t.create : t.save) : t.next}
        </Button>
      </div>
    </div>
  );

  const unsavedDialog = confirming ? (
    <UnsavedChangesDialog
      saving={busy === 'save'}
      onDiscard={() => {
        setConfirming(false);
        onExit?.();
      }}
      onSave={() => {
        setConfirming(false);
        void submit();
      }}
      onDismiss={() => setConfirming(false)}
    />
  ) : null;

  if (variant === 'embedded') {
    return (
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="space-y-6">
        <h2 id={titleId} className="sr-only">
          {title}
        </h2>
        {progress}
        <div ref={bodyRef}>{content}</div>
        {footer}
      </form>
    );
  }

  return (
    <Modal
      labelledBy={titleId}
      onClose={requestClose}
      initialFocus={headingRef}
      className="bg-slate-50"
      panelClassName="flex h-full w-full flex-col"
    >
      <form onSubmit={onSubmit} noValidate className="flex h-full min-h-0 flex-col">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 pt-4 sm:px-6">
            <h1 id={titleId} className="text-lg font-bold text-slate-900">
              {title}
            </h1>
            <button
              type="button"
              onClick={requestClose}
              aria-label={t.close}
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <div className="mx-auto max-w-2xl px-4 pt-2 pb-4 sm:px-6">{progress}</div>
        </header>
        <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto">
          <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-8">
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-8">{content}</div>
          </div>
        </div>
        <footer className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-2xl px-4 py-4 sm:px-6">{footer}</div>
        </footer>
      </form>
      {unsavedDialog}
    </Modal>
  );
}

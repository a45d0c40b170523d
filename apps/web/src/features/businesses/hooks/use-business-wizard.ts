import type { Business } from '@rumbo/contract';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { copy } from '../../../config/copy.es.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { fieldLabel } from '../wizard/field-labels.ts';
import {
  type BusinessFormValues,
  emptyFormValues,
  type FieldName,
  stageOfForm,
} from '../wizard/form-values.ts';
import { CREATE_STEPS, checkStep, EDIT_STEPS, firstInvalidStep, stepOfField } from '../wizard/step-rules.ts';
import { formValuesFromBusiness, toPayload } from '../wizard/wire.ts';
import { useSaveBusiness } from './use-save-business.ts';

const t = copy.businesses.wizard;

export interface BusinessWizardOptions {
  /** 'edit' drops the type step and asks before leaving with unsaved changes (product.md §2.8). */
  mode: 'create' | 'edit';
  /** The business being edited. */
  business?: Business;
  /** 'Atrás' on the first step, when there is somewhere to go back to (onboarding step 2). */
  onBackFromStart?: () => void;
  /** Leaves without saving (close, 'Salir sin guardar'). */
  onExit?: () => void;
  /** Called once the business (and its logo) is saved and in the cached list. */
  onDone: (business: Business) => void;
}

/**
 * A new step is announced by moving focus to its title, its body scrolled to the top (not on the first
 * render: the dialog does that).
 */
function useStepFocus(
  index: number,
  headingRef: RefObject<HTMLHeadingElement | null>,
  bodyRef: RefObject<HTMLDivElement | null>,
) {
  const shownIndex = useRef(0);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    bodyRef.current?.scrollTo?.({ top: 0 });
    headingRef.current?.focus();
  }, [index, headingRef, bodyRef]);
}

/**
 * The state of the creation and edit wizards (product.md §2.7, §2.8, §4 'Wizards', §5): the form
 * (react-hook-form), the current step and its check by the step rules, moving between steps, saving,
 * and closing. A field shows its message once the user has left it, or once a save found it wrong.
 */
export function useBusinessWizard({
  mode,
  business,
  onBackFromStart,
  onExit,
  onDone,
}: BusinessWizardOptions) {
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useStepFocus(index, headingRef, bodyRef);

  const step = steps[index] ?? 'basics';
  const check = checkStep(step, values);
  const isLast = index === steps.length - 1;

  const errorOf = (field: FieldName) =>
    touched[field as keyof typeof touched] || revealed.has(field) ? check.errors[field] : undefined;

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
    const target = field ? stepOfField(stageOfForm(values), field) : undefined;
    const targetIndex = target ? steps.indexOf(target) : -1;
    if (targetIndex >= 0 && targetIndex !== index) goTo(targetIndex);
    if (field) setRevealed((current) => new Set(current).add(field as FieldName));
    const label = field ? fieldLabel(field) : undefined;
    setError(label ? t.errors.invalidField(label, message) : message);
  };

  const submit = () =>
    run('save', async () => {
      setError('');
      const invalid = firstInvalidStep(steps, values);
      if (invalid) {
        if (invalid.position !== index) goTo(invalid.position);
        setRevealed(new Set(Object.keys(invalid.check.errors) as FieldName[]));
        return;
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

  /** The answers of the '¿Quieres guardar los cambios?' popup. */
  const popup = {
    open: confirming,
    discard: () => {
      setConfirming(false);
      onExit?.();
    },
    save: () => {
      setConfirming(false);
      void submit();
    },
    dismiss: () => setConfirming(false),
  };

  return {
    form,
    values,
    steps,
    index,
    step,
    check,
    isLast,
    busy,
    error,
    errorOf,
    back,
    onSubmit,
    requestClose,
    popup,
    headingRef,
    bodyRef,
  };
}

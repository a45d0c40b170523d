import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useId } from 'react';
import { Button } from '../../../../components/button.tsx';
import { DemoBanner } from '../../../../components/demo-banner.tsx';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { copy } from '../../../../config/copy.es.ts';

const t = copy.businesses.wizard;

export interface WizardFrameProps {
  /**
   * 'dialog' covers the screen with a closable dialog; 'embedded' sits inside another screen (onboarding
   * step 3) with no close button.
   */
  variant: 'dialog' | 'embedded';
  title: string;
  /** The current step, from 0, and how many there are. */
  index: number;
  total: number;
  /** A failed save, in Spanish. */
  error: string;
  showBack: boolean;
  onBack: () => void;
  /** What the wizard is doing: nothing, or saving. */
  busy: 'save' | null;
  nextLabel: string;
  nextEnabled: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** The step's title, focused first when the dialog opens. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The scrolling body, brought back to the top on each step. */
  bodyRef: RefObject<HTMLDivElement | null>;
  /** Shown above the wizard (the unsaved-changes popup). */
  overlay?: ReactNode;
  /** The step. */
  children: ReactNode;
}

function WizardProgress({
  variant,
  title,
  index,
  total,
}: Pick<WizardFrameProps, 'variant' | 'title' | 'index' | 'total'>) {
  return (
    <div className="space-y-2">
      {/*
        Embedded in the onboarding, whose counter says 'Paso 3 de 3': the form's own count under it tells
        how much of step 3 is left.
      */}
      <p className="text-xs font-medium text-slate-500">
        {variant === 'embedded' ? t.embeddedProgress(index + 1, total) : t.progress(index + 1, total)}
      </p>
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
        aria-valuetext={t.progress(index + 1, total)}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${((index + 1) / total) * 100}%` }}
        />
      </div>
    </div>
  );
}

function WizardFooter({
  error,
  showBack,
  onBack,
  busy,
  nextLabel,
  nextEnabled,
}: Pick<WizardFrameProps, 'error' | 'showBack' | 'onBack' | 'busy' | 'nextLabel' | 'nextEnabled'>) {
  return (
    <div className="space-y-3">
      {error ? <FormAlert message={error} /> : null}
      <div className="flex items-center justify-between gap-3">
        {showBack ? (
          <Button variant="secondary" onClick={onBack} disabled={busy !== null}>
            {t.back}
          </Button>
        ) : (
          <span />
        )}
        {/* Focusable while off: focus never falls to the page when a step stops being valid. */}
        <Button type="submit" focusable disabled={!nextEnabled || busy !== null} loading={busy === 'save'}>
          {nextLabel}
        </Button>
      </div>
    </div>
  );
}

/** The wizard's chrome: title, progress, the step, and Atrás / Continuar, as a dialog or embedded. */
export function WizardFrame(props: WizardFrameProps) {
  const { variant, title, onSubmit, onClose, headingRef, bodyRef, overlay, children } = props;
  const titleId = useId();
  const progress = <WizardProgress {...props} />;
  const footer = <WizardFooter {...props} />;

  if (variant === 'embedded') {
    return (
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="space-y-6">
        <h2 id={titleId} className="sr-only">
          {title}
        </h2>
        {progress}
        <div ref={bodyRef}>{children}</div>
        {footer}
      </form>
    );
  }

  return (
    <Modal
      labelledBy={titleId}
      onClose={onClose}
      initialFocus={headingRef}
      className="bg-slate-50"
      panelClassName="flex h-full w-full flex-col"
    >
      <form onSubmit={onSubmit} noValidate className="flex h-full min-h-0 flex-col">
        {/* A page of its own over the app: the demo banner stays, as on every signed-in screen. */}
        <DemoBanner />
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 pt-4 sm:px-6">
            <h1 id={titleId} className="text-lg font-bold text-slate-900">
              {title}
            </h1>
            <button
              type="button"
              onClick={onClose}
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
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-8">
              {children}
            </div>
          </div>
        </div>
        <footer className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-2xl px-4 py-4 sm:px-6">{footer}</div>
        </footer>
      </form>
      {overlay}
    </Modal>
  );
}

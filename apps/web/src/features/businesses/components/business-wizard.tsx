import type { ReactNode } from 'react';
import { copy } from '../../../config/copy.es.ts';
import { type BusinessWizardOptions, useBusinessWizard } from '../hooks/use-business-wizard.ts';
import type { StepId } from '../wizard/step-rules.ts';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';
import { BasicsStep } from './wizard/basics-step.tsx';
import { DescriptionStep } from './wizard/description-step.tsx';
import { EstablishedFinanceStep } from './wizard/established-finance-step.tsx';
import { GoalsStep } from './wizard/goals-step.tsx';
import { IdeaTeamStep } from './wizard/idea-team-step.tsx';
import { StepHeading, type StepProps } from './wizard/step-fields.tsx';
import { TypeStep } from './wizard/type-step.tsx';
import { WizardFrame } from './wizard/wizard-frame.tsx';

const t = copy.businesses.wizard;

export interface BusinessWizardProps extends BusinessWizardOptions {
  /**
   * 'dialog' (the default) covers the screen with a closable dialog; 'embedded' sits inside another
   * screen (onboarding step 3) with no close button.
   */
  variant?: 'dialog' | 'embedded';
  /** Replaces the type step's question (onboarding, product.md §2.5). */
  typeTitle?: string;
}

/** The form of each step after the type: the team step is the idea's team or the business's finances. */
function StepFields({ step, ...props }: StepProps & { step: Exclude<StepId, 'type'> }) {
  if (step === 'basics') return <BasicsStep {...props} />;
  if (step === 'description') return <DescriptionStep {...props} />;
  if (step === 'goals') return <GoalsStep {...props} />;
  return props.values.businessType === 'established-business' ? (
    <EstablishedFinanceStep {...props} />
  ) : (
    <IdeaTeamStep {...props} />
  );
}

/**
 * The creation and edit wizards (product.md §2.7, §2.8, §4 'Wizards', §5). Continue opens only when the
 * step is valid by the contract's rules; a field shows its message once the user has left it. A
 * failed save shows a Spanish message and keeps everything the user typed.
 */
export function BusinessWizard({ variant = 'dialog', typeTitle, ...options }: BusinessWizardProps) {
  const wizard = useBusinessWizard(options);
  const { mode, onBackFromStart } = options;
  const { step, index, steps, busy, popup } = wizard;
  const stepProps: StepProps = { form: wizard.form, values: wizard.values, errorOf: wizard.errorOf };
  const text = t.steps[step];
  const heading = (
    <StepHeading
      headingRef={wizard.headingRef}
      title={step === 'type' && typeTitle ? typeTitle : text.title}
      subtitle={text.subtitle}
    />
  );
  let content: ReactNode;
  if (step === 'type') content = <TypeStep {...stepProps} heading={heading} />;
  else {
    content = (
      <>
        <div className="mb-6">{heading}</div>
        <StepFields {...stepProps} step={step} />
      </>
    );
  }

  return (
    <WizardFrame
      variant={variant}
      title={mode === 'create' ? t.createTitle : t.editTitle}
      index={index}
      total={steps.length}
      error={wizard.error}
      showBack={index > 0 || Boolean(onBackFromStart)}
      onBack={wizard.back}
      busy={busy}
      nextLabel={wizard.isLast ? (mode === 'create' ? t.create : t.save) : t.next}
      nextEnabled={wizard.check.valid}
      onSubmit={wizard.onSubmit}
      onClose={wizard.requestClose}
      headingRef={wizard.headingRef}
      bodyRef={wizard.bodyRef}
      overlay={
        popup.open ? (
          <UnsavedChangesDialog
            saving={busy === 'save'}
            onDiscard={popup.discard}
            onSave={popup.save}
            onDismiss={popup.dismiss}
          />
        ) : null
      }
    >
      {content}
    </WizardFrame>
  );
}

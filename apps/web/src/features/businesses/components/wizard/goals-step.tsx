import { LongTextField, type StepProps } from './step-fields.tsx';

/** product.md §5 'Goals step': the goal is required, the extra information is not. */
export function GoalsStep({ form, errorOf }: StepProps) {
  return (
    <div className="space-y-5">
      <LongTextField form={form} errorOf={errorOf} name="goal" />
      <LongTextField form={form} errorOf={errorOf} name="extra_info" />
    </div>
  );
}

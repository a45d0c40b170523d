import type { ReactNode } from 'react';

export interface ChoiceOption<Value extends string> {
  value: Value;
  label: string;
  hint?: string;
  icon?: ReactNode;
}

interface ChoiceGroupProps<Value extends string> {
  /** The question; it names the group for screen readers. */
  legend: ReactNode;
  /** Shared by the radios of the group. */
  name: string;
  options: ReadonlyArray<ChoiceOption<Value>>;
  value: Value | null;
  onChange: (value: Value) => void;
  /** Grid classes of the cards (one column by default). */
  gridClassName?: string;
}

/**
 * A single choice shown as cards. Each card is a real radio button, so arrow keys move between the
 * options and screen readers announce the group, the option and whether it is chosen.
 */
export function ChoiceGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  gridClassName = 'grid-cols-1',
}: ChoiceGroupProps<Value>) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-4 w-full">{legend}</legend>
      <div className={`grid gap-3 ${gridClassName}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-white px-4 py-3 text-slate-800 ring-1 ring-slate-300 transition-colors hover:bg-slate-50 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.icon ? (
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                {option.icon}
              </span>
            ) : null}
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{option.label}</span>
              {option.hint ? <span className="block text-sm text-slate-600">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { useId } from 'react';
import { copy } from '../../../config/copy.es.ts';

const texts = copy.billing.plans.slider;

/**
 * The CEO card's credit slider (product.md §4, §9): three positions, 600, 1400 and unlimited credits a
 * month. A native range input, so keyboard and screen readers work without extra code.
 */
export function CreditSlider({
  position,
  onChange,
  disabled,
}: {
  position: number;
  onChange: (position: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const mark = texts.marks[position] ?? texts.marks[0];
  return (
    <div className="mt-5 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium text-slate-700">
          {texts.label}
        </label>
        <span className="font-semibold text-brand-700" aria-hidden="true">
          {mark}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={texts.marks.length - 1}
        step={1}
        value={position}
        disabled={disabled}
        aria-valuetext={texts.valueText(mark)}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 w-full cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
      />
      <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
        {texts.marks.map((label) => (
          <span key={label}>{label}</span>
        ))}
      </div>
    </div>
  );
}

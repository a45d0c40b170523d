import type { Origin } from '@rumbo/contract';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { controlClass } from '../../../components/field-frame.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { financeCopy } from '../../../config/copy/finance.es.ts';

const t = financeCopy;

/** A number the plan needs (an empty input counts as 0). */
export function Num({
  label,
  value,
  onChange,
  step = 'any',
  min = 0,
  max,
  hint,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  step?: string;
  min?: number;
  max?: number;
  hint?: string;
}) {
  return (
    <NumberField
      label={label}
      value={value}
      step={step}
      min={min}
      max={max}
      hint={hint}
      onValueChange={(next) => onChange(next ?? 0)}
    />
  );
}

/** A short text of the plan (an item's name). */
export function Text({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="block space-y-1.5">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <input
        type="text"
        value={value}
        maxLength={120}
        onChange={(event) => onChange(event.target.value)}
        className={`${controlClass} w-full`}
      />
    </label>
  );
}

const ORIGIN_STYLES: Record<Origin['kind'], string> = {
  founder: 'bg-slate-100 text-slate-700 ring-slate-200',
  research: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  mentor: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** Where a value comes from: the founder, the research (its sources) or the mentor, and its note. */
export function OriginLine({ origin, onNote }: { origin: Origin; onNote: (note: string) => void }) {
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center">
      <span
        className={`inline-flex w-fit shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${ORIGIN_STYLES[origin.kind]}`}
      >
        {t.origin[origin.kind]}
        {origin.sources.length > 0 ? ` · ${t.origin.sources(origin.sources)}` : ''}
      </span>
      <label className="flex min-w-0 flex-1 items-center gap-2 text-xs text-slate-600">
        <span className="shrink-0">{t.origin.note}</span>
        <input
          type="text"
          value={origin.note}
          maxLength={1000}
          onChange={(event) => onNote(event.target.value)}
          className="min-w-0 flex-1 rounded-md border border-slate-200 px-2 py-1 text-xs text-slate-800 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
      </label>
    </div>
  );
}

/** One item of a list of assumptions: its fields, its origin and a remove button. */
export function ItemCard({
  title,
  removeLabel,
  onRemove,
  origin,
  onNote,
  children,
}: {
  title: string;
  /** Without them (a product's card in its second and third groups) the card is its fields only. */
  removeLabel?: string;
  onRemove?: () => void;
  origin?: Origin;
  onNote?: (note: string) => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      {/* Floated, a legend sits on the row of its remove button and still names the fieldset. */}
      <legend className="float-left max-w-[80%] truncate pt-2 text-sm font-semibold text-slate-900">
        {title}
      </legend>
      <div className="flex min-h-9 justify-end">
        {onRemove ? (
          <button
            type="button"
            onClick={onRemove}
            aria-label={removeLabel}
            title={removeLabel}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-white hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="clear-both grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
      {origin && onNote ? <OriginLine origin={origin} onNote={onNote} /> : null}
    </fieldset>
  );
}

export const addButtonClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600';

/** A group of assumptions, titled the way founders think about them. */
export function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5"
    >
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

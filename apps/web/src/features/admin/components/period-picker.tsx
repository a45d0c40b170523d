import { type AdminPeriod, adminPeriodSchema } from '@rumbo/contract';
import { useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { isoDay, lastDays } from '../format.ts';

const t = adminCopy.period;

export const QUICK_PERIODS = [7, 30, 90] as const;

type FieldErrors = Partial<Record<keyof AdminPeriod, string>>;

const quickClass =
  'min-h-11 rounded-lg px-3 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:ring-brand-600 bg-white text-slate-800 ring-slate-300 hover:bg-slate-50 aria-pressed:hover:bg-brand-700';

/**
 * The days the console's figures cover (UTC, both included): the last 7, 30 or 90 days, or any two
 * dates. A period the API would refuse stays a draft, with the contract's message beside its field.
 */
export function PeriodPicker({
  period,
  onChange,
}: {
  period: AdminPeriod;
  onChange: (period: AdminPeriod) => void;
}) {
  const [draft, setDraft] = useState(period);
  const [errors, setErrors] = useState<FieldErrors>({});
  const today = isoDay(new Date());

  const apply = (next: AdminPeriod) => {
    setDraft(next);
    const result = adminPeriodSchema.safeParse(next);
    if (result.success) {
      setErrors({});
      onChange(result.data);
      return;
    }
    const found: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if ((field === 'from' || field === 'to') && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
  };

  return (
    <fieldset className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/10 sm:p-6">
      <legend className="sr-only">{t.legend}</legend>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-wrap gap-2">
          {QUICK_PERIODS.map((days) => {
            const quick = lastDays(days);
            const pressed = draft.from === quick.from && draft.to === quick.to;
            return (
              <button
                key={days}
                type="button"
                aria-pressed={pressed}
                onClick={() => apply(quick)}
                className={quickClass}
              >
                {t.last(days)}
              </button>
            );
          })}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-start">
          <TextField
            label={t.from}
            type="date"
            value={draft.from}
            max={today}
            invalid={Boolean(errors.from)}
            error={errors.from}
            onChange={(event) => apply({ ...draft, from: event.target.value })}
          />
          <TextField
            label={t.to}
            type="date"
            value={draft.to}
            max={today}
            invalid={Boolean(errors.to)}
            error={errors.to}
            onChange={(event) => apply({ ...draft, to: event.target.value })}
          />
        </div>
      </div>
    </fieldset>
  );
}

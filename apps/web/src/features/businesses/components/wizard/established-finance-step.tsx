import { copy } from '../../../../config/copy.es.ts';
import { clampProfitMargin } from '../../wizard/form-values.ts';
import { FormNumberField, MoneyField, type StepProps } from './step-fields.tsx';

const f = copy.businesses.wizard.fields;

/** product.md §5 'Established finance step': billing, EBITDA, profit margin (0–100) and team size. */
export function EstablishedFinanceStep({ form, values, errorOf }: StepProps) {
  return (
    <div className="space-y-5">
      <MoneyField
        form={form}
        values={values}
        errorOf={errorOf}
        name="billing"
        currency="billing_currency"
        label={f.billing}
        currencyLabel={f.billingCurrency}
      />
      <FormNumberField
        form={form}
        errorOf={errorOf}
        name="ebitda"
        label={f.ebitda}
        step="any"
        // ADR 0018: losses are a negative EBITDA; a decimal keypad has no minus sign on some phones.
        inputMode="text"
        hint={f.ebitdaCurrencyHint}
        addon={
          // product.md §3: the EBITDA currency is the billing currency; it is shown, not chosen.
          <output
            aria-label={f.ebitdaCurrency}
            className="flex w-20 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-sm font-medium text-slate-700 ring-1 ring-slate-200"
          >
            {values.billing_currency}
          </output>
        }
      />
      <FormNumberField
        form={form}
        errorOf={errorOf}
        name="profit_margin"
        label={f.profitMargin}
        min={0}
        max={100}
        step="any"
        normalize={clampProfitMargin}
      />
      <FormNumberField
        form={form}
        errorOf={errorOf}
        name="team_size"
        label={f.teamSize}
        min={1}
        step={1}
        inputMode="numeric"
      />
    </div>
  );
}

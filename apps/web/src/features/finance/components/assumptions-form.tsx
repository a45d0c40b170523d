import {
  type FinancialAssumptions,
  INVENTORY_MONTHS_MAX,
  PLAN_HORIZON_MONTHS,
  type PlanFunding,
  type PlanProduct,
} from '@rumbo/contract';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { SelectField } from '../../../components/select-field.tsx';
import { financeCopy } from '../../../config/copy/finance.es.ts';
import {
  addItem,
  blank,
  type ListKey,
  removeItem,
  type SettingKey,
  setSettingNote,
  updateItem,
  updateSetting,
} from '../plan-edits.ts';
import { addButtonClass, Group, ItemCard, Num, OriginLine, Text } from './fields.tsx';

const t = financeCopy;

type Change = (next: FinancialAssumptions) => void;

function Setting({
  assumptions,
  onChange,
  setting,
  label,
  hint,
  step,
  max,
}: {
  assumptions: FinancialAssumptions;
  onChange: Change;
  setting: SettingKey;
  label: string;
  hint?: string;
  step?: string;
  max?: number;
}) {
  const { value, origin } = assumptions[setting];
  return (
    <div className="space-y-2">
      <Num
        label={label}
        value={value}
        hint={hint}
        step={step}
        max={max}
        onChange={(next) => onChange(updateSetting(assumptions, setting, next))}
      />
      <OriginLine origin={origin} onNote={(note) => onChange(setSettingNote(assumptions, setting, note))} />
    </div>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className={addButtonClass}>
      <Plus className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
}

/** The product's fields for one group: the cards of groups 2 and 3 show the same products. */
function ProductCards({
  assumptions,
  onChange,
  fields,
  full = false,
}: {
  assumptions: FinancialAssumptions;
  onChange: Change;
  fields: (product: PlanProduct, patch: (p: Partial<PlanProduct>) => void) => ReactNode;
  /** The first group's cards: remove button and origin too. */
  full?: boolean;
}) {
  if (assumptions.products.length === 0) return null;
  return (
    <div className="space-y-3">
      {assumptions.products.map((product) => {
        const patch = (p: Partial<PlanProduct>) =>
          onChange(updateItem(assumptions, 'products', product.id, p));
        return (
          <ItemCard
            key={product.id}
            title={product.name}
            {...(full
              ? {
                  removeLabel: t.product.remove(product.name),
                  onRemove: () => onChange(removeItem(assumptions, 'products', product.id)),
                  origin: product.origin,
                  onNote: (note: string) => patch({ origin: { ...product.origin, note } }),
                }
              : {})}
          >
            {fields(product, patch)}
          </ItemCard>
        );
      })}
    </div>
  );
}

function FundingList({
  assumptions,
  onChange,
  list,
  title,
  add,
  newName,
}: {
  assumptions: FinancialAssumptions;
  onChange: Change;
  list: 'grants' | 'equity';
  title: string;
  add: string;
  newName: string;
}) {
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {assumptions[list].map((item: PlanFunding) => {
        const patch = (p: Partial<PlanFunding>) => onChange(updateItem(assumptions, list, item.id, p));
        return (
          <ItemCard
            key={item.id}
            title={item.name}
            removeLabel={t.funding.remove(item.name)}
            onRemove={() => onChange(removeItem(assumptions, list, item.id))}
            origin={item.origin}
            onNote={(note) => patch({ origin: { ...item.origin, note } })}
          >
            <Text label={t.funding.name} value={item.name} onChange={(name) => patch({ name })} />
            <Num label={t.funding.amount} value={item.amount} onChange={(amount) => patch({ amount })} />
            <Num
              label={t.funding.month}
              value={item.month}
              step="1"
              max={PLAN_HORIZON_MONTHS}
              onChange={(month) => patch({ month })}
            />
          </ItemCard>
        );
      })}
      <AddButton label={add} onClick={() => onChange(addItem(assumptions, list, blank.funding(newName)))} />
    </div>
  );
}

/**
 * The plan's assumptions in the six groups founders think in (product.md §2.13), each value with where it
 * comes from. Every change goes up at once: the figures follow live.
 */
export function AssumptionsForm({
  assumptions,
  onChange,
}: {
  assumptions: FinancialAssumptions;
  onChange: Change;
}) {
  const remove = (key: ListKey, id: string) => onChange(removeItem(assumptions, key, id));
  const noProducts = <p className="text-sm text-slate-600">{t.product.noneHere}</p>;
  return (
    <div className="space-y-4">
      <Group id="grupo-vendo" title={t.groups.sell}>
        <label className="block max-w-xs space-y-1.5">
          <span className="block text-sm font-medium text-slate-700">{t.startMonth}</span>
          <input
            type="month"
            value={assumptions.start_month}
            onChange={(event) =>
              event.target.value && onChange({ ...assumptions, start_month: event.target.value })
            }
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        {assumptions.products.length === 0 ? (
          <p className="text-sm text-slate-600">{t.product.none}</p>
        ) : null}
        <ProductCards
          full
          assumptions={assumptions}
          onChange={onChange}
          fields={(product, patch) => (
            <>
              <Text label={t.product.name} value={product.name} onChange={(name) => patch({ name })} />
              <SelectField
                label={t.product.kind}
                value={product.kind}
                onChange={(event) => patch({ kind: event.target.value as PlanProduct['kind'] })}
              >
                <option value="sale">{t.product.kinds.sale}</option>
                <option value="subscription">{t.product.kinds.subscription}</option>
              </SelectField>
              <Num
                label={product.kind === 'sale' ? t.product.price : t.product.priceSubscription}
                value={product.price}
                onChange={(price) => patch({ price })}
              />
            </>
          )}
        />
        <AddButton
          label={t.product.add}
          onClick={() => onChange(addItem(assumptions, 'products', blank.product()))}
        />
      </Group>

      <Group id="grupo-volumen" title={t.groups.volume}>
        {assumptions.products.length === 0 ? noProducts : null}
        <ProductCards
          assumptions={assumptions}
          onChange={onChange}
          fields={(product, patch) => (
            <>
              <Num
                label={product.kind === 'sale' ? t.product.startVolume : t.product.startCustomers}
                value={product.start_volume}
                onChange={(start_volume) => patch({ start_volume })}
              />
              <Num
                label={t.product.growth}
                value={product.monthly_growth_pct}
                min={-50}
                max={100}
                onChange={(monthly_growth_pct) => patch({ monthly_growth_pct })}
              />
              {product.kind === 'subscription' ? (
                <Num
                  label={t.product.churn}
                  value={product.churn_pct}
                  max={100}
                  onChange={(churn_pct) => patch({ churn_pct })}
                />
              ) : null}
              <Num
                label={t.product.startMonth}
                value={product.start_month}
                step="1"
                min={1}
                max={PLAN_HORIZON_MONTHS}
                onChange={(start_month) => patch({ start_month })}
              />
            </>
          )}
        />
      </Group>

      <Group id="grupo-coste" title={t.groups.cost}>
        {assumptions.products.length === 0 ? noProducts : null}
        <ProductCards
          assumptions={assumptions}
          onChange={onChange}
          fields={(product, patch) => (
            <Num
              label={product.kind === 'sale' ? t.product.unitCost : t.product.unitCostSubscription}
              value={product.unit_cost}
              onChange={(unit_cost) => patch({ unit_cost })}
            />
          )}
        />
        <Setting
          assumptions={assumptions}
          onChange={onChange}
          setting="inventory_months"
          label={t.inventory}
          hint={t.inventoryHint}
          step="1"
          max={INVENTORY_MONTHS_MAX}
        />
      </Group>

      <Group id="grupo-fijos" title={t.groups.fixed}>
        {assumptions.fixed_costs.map((cost) => {
          const patch = (p: Partial<typeof cost>) =>
            onChange(updateItem(assumptions, 'fixed_costs', cost.id, p));
          return (
            <ItemCard
              key={cost.id}
              title={cost.name}
              removeLabel={t.cost.remove(cost.name)}
              onRemove={() => remove('fixed_costs', cost.id)}
              origin={cost.origin}
              onNote={(note) => patch({ origin: { ...cost.origin, note } })}
            >
              <Text label={t.cost.name} value={cost.name} onChange={(name) => patch({ name })} />
              <Num label={t.cost.monthly} value={cost.monthly} onChange={(monthly) => patch({ monthly })} />
              <Num
                label={t.cost.startMonth}
                value={cost.start_month}
                step="1"
                min={1}
                max={PLAN_HORIZON_MONTHS}
                onChange={(start_month) => patch({ start_month })}
              />
            </ItemCard>
          );
        })}
        <AddButton
          label={t.cost.add}
          onClick={() => onChange(addItem(assumptions, 'fixed_costs', blank.cost()))}
        />
        <Setting
          assumptions={assumptions}
          onChange={onChange}
          setting="marketing_monthly"
          label={t.marketing}
        />
      </Group>

      <Group id="grupo-equipo" title={t.groups.team}>
        {assumptions.team.map((role) => {
          const patch = (p: Partial<typeof role>) => onChange(updateItem(assumptions, 'team', role.id, p));
          return (
            <ItemCard
              key={role.id}
              title={role.name}
              removeLabel={t.role.remove(role.name)}
              onRemove={() => remove('team', role.id)}
              origin={role.origin}
              onNote={(note) => patch({ origin: { ...role.origin, note } })}
            >
              <Text label={t.role.name} value={role.name} onChange={(name) => patch({ name })} />
              <Num
                label={t.role.headcount}
                value={role.headcount}
                step="1"
                onChange={(headcount) => patch({ headcount })}
              />
              <Num
                label={t.role.salary}
                value={role.monthly_salary}
                onChange={(monthly_salary) => patch({ monthly_salary })}
              />
              <Num
                label={t.role.startMonth}
                value={role.start_month}
                step="1"
                min={1}
                max={PLAN_HORIZON_MONTHS}
                onChange={(start_month) => patch({ start_month })}
              />
            </ItemCard>
          );
        })}
        <AddButton label={t.role.add} onClick={() => onChange(addItem(assumptions, 'team', blank.role()))} />
        <Setting
          assumptions={assumptions}
          onChange={onChange}
          setting="employer_cost_pct"
          label={t.employer}
          max={100}
        />
      </Group>

      <Group id="grupo-financiacion" title={t.groups.funding}>
        <h3 className="text-sm font-semibold text-slate-800">{t.investmentsTitle}</h3>
        {assumptions.investments.map((item) => {
          const patch = (p: Partial<typeof item>) =>
            onChange(updateItem(assumptions, 'investments', item.id, p));
          return (
            <ItemCard
              key={item.id}
              title={item.name}
              removeLabel={t.investment.remove(item.name)}
              onRemove={() => remove('investments', item.id)}
              origin={item.origin}
              onNote={(note) => patch({ origin: { ...item.origin, note } })}
            >
              <Text label={t.investment.name} value={item.name} onChange={(name) => patch({ name })} />
              <Num label={t.investment.amount} value={item.amount} onChange={(amount) => patch({ amount })} />
              <Num
                label={t.investment.month}
                value={item.month}
                step="1"
                max={PLAN_HORIZON_MONTHS}
                onChange={(month) => patch({ month })}
              />
            </ItemCard>
          );
        })}
        <AddButton
          label={t.investment.add}
          onClick={() => onChange(addItem(assumptions, 'investments', blank.investment()))}
        />
        <Setting assumptions={assumptions} onChange={onChange} setting="own_funds" label={t.ownFunds} />
        <h3 className="text-sm font-semibold text-slate-800">{t.loansTitle}</h3>
        {assumptions.loans.map((loan) => {
          const patch = (p: Partial<typeof loan>) => onChange(updateItem(assumptions, 'loans', loan.id, p));
          return (
            <ItemCard
              key={loan.id}
              title={loan.name}
              removeLabel={t.loan.remove(loan.name)}
              onRemove={() => remove('loans', loan.id)}
              origin={loan.origin}
              onNote={(note) => patch({ origin: { ...loan.origin, note } })}
            >
              <Text label={t.loan.name} value={loan.name} onChange={(name) => patch({ name })} />
              <Num
                label={t.loan.principal}
                value={loan.principal}
                onChange={(principal) => patch({ principal })}
              />
              <Num
                label={t.loan.rate}
                value={loan.annual_rate_pct}
                max={100}
                onChange={(annual_rate_pct) => patch({ annual_rate_pct })}
              />
              <Num
                label={t.loan.term}
                value={loan.term_months}
                step="1"
                min={1}
                max={360}
                onChange={(term_months) => patch({ term_months })}
              />
              <Num
                label={t.loan.month}
                value={loan.month}
                step="1"
                max={PLAN_HORIZON_MONTHS}
                onChange={(month) => patch({ month })}
              />
            </ItemCard>
          );
        })}
        <AddButton label={t.loan.add} onClick={() => onChange(addItem(assumptions, 'loans', blank.loan()))} />
        <FundingList
          assumptions={assumptions}
          onChange={onChange}
          list="grants"
          title={t.grant.title}
          add={t.grant.add}
          newName={t.grant.newName}
        />
        <FundingList
          assumptions={assumptions}
          onChange={onChange}
          list="equity"
          title={t.equity.title}
          add={t.equity.add}
          newName={t.equity.newName}
        />
      </Group>
    </div>
  );
}

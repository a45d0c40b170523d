import Decimal from 'decimal.js';
import type { FinancialAssumptions, PlanLoan, PlanScenarios } from './finance.ts';
import {
  type Multipliers,
  PLAN_HORIZON_MONTHS,
  PLAN_YEARS,
  type ScenarioKey,
  VOLUME_MAX,
} from './finance-rules.ts';

/**
 * The financial plan's engine (ADR 0040): pure functions from the assumptions to 36 months and three years.
 * The browser shows it live, and the API and the business-plan document use this same code. Money is in
 * integer cents: every product of an amount by a rate is worked out with decimal.js and rounded half up
 * to the cent once, and sums over months are sums of integers, so a year is exactly its months.
 *
 * The rules, in the order they apply to month m (1…36):
 * - volume of a product from its start month s: round(start_volume × (1 + growth)^(m − s)) whole units
 *   (or new customers), at most VOLUME_MAX;
 * - a sale: revenue = units × price, cost of sales = units × unit cost;
 * - a subscription: lost = round(customers of m − 1 × churn), customers = customers of m − 1 − lost + new,
 *   revenue = customers × price, cost of sales = customers × unit cost;
 * - staff = Σ roles started: round(headcount × salary × (1 + employer contributions)); fixed costs from
 *   their start month; marketing every month; operating costs = staff + fixed + marketing;
 *   EBITDA = revenue − cost of sales − operating costs;
 * - stock (sales only) at the end of m = cost of sales of the next `inventory_months` months; the stock
 *   for the first months is bought at the start (month 0), and each month's change is paid in that month;
 * - a loan received in month d is paid in `term` equal instalments from d + 1 (French amortisation):
 *   round(P × r / (1 − (1 + r)^−n)), r = annual rate / 12; interest = round(balance × r), the last one
 *   clears what is left; a 0 % loan pays round(P / n) and the last one the rest;
 * - cash flow = EBITDA − stock change − investments − loan instalments + loans, grants and equity received;
 *   month 0 holds own funds and whatever is received, invested or stocked before the first month.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

const cents = (amount: number): Dec => new D(amount).times(100).toDecimalPlaces(0);
const roundCents = (value: Dec): Dec => value.toDecimalPlaces(0);
const rate = (pct: number): Dec => new D(pct).div(100);
const num = (value: Dec): number => value.toNumber();

/** One month of the projection; money in cents. */
export interface PlanMonth {
  /** 0 is the start (before the first month), 1…36 the months. */
  month: number;
  /** 'YYYY-MM' (month 0: the month before the plan starts). */
  label: string;
  /** Units sold of sale products, and active customers and new customers of subscriptions. */
  units: number;
  customers: number;
  new_customers: number;
  revenue: number;
  cost_of_sales: number;
  gross_margin: number;
  staff: number;
  fixed_costs: number;
  marketing: number;
  operating_costs: number;
  ebitda: number;
  /** Stock bought beyond what was sold (positive: cash goes into stock). */
  stock_change: number;
  investment: number;
  loan_interest: number;
  loan_principal: number;
  loan_payments: number;
  /** Loans, grants and equity received, and own funds at month 0. */
  financing_in: number;
  cash_flow: number;
  cash_balance: number;
}

/** A year's totals: the months' flows summed, the cash at the end of the year. */
export interface PlanYear
  extends Omit<PlanMonth, 'month' | 'label' | 'units' | 'customers' | 'new_customers'> {
  year: number;
  /** Gross margin over revenue, per cent to one decimal; null without revenue. */
  gross_margin_pct: number | null;
}

export interface UnitEconomics {
  product_id: string;
  product_name: string;
  /** A customer's monthly price and what is left of it after its cost. */
  price: number;
  contribution: number;
  /** Customer lifetime value: contribution ÷ churn; null with no churn (it would be endless). */
  ltv: number | null;
  /** Marketing over the 36 months ÷ new subscription customers over the 36 months; null without any. */
  cac: number | null;
  /** LTV ÷ CAC to one decimal. */
  ltv_to_cac: number | null;
  /** Months of contribution that pay back the CAC, to one decimal. */
  payback_months: number | null;
}

export interface PlanKeyFigures {
  /** First month from which revenue is positive and EBITDA never again below 0; null within 36 months. */
  break_even_month: number | null;
  break_even_label: string | null;
  /** First month (0…36) whose cash balance is below 0; null if the cash lasts the 36 months. */
  cash_out_month: number | null;
  /** Months the cash covers: cash_out_month − 1 (0 at least); null if it never runs out. */
  runway_months: number | null;
  /** Average monthly operating cash spent (EBITDA − stock change) before break-even; 0 if none. */
  monthly_burn: number;
  /** The lowest cash balance and its month; what must still be found if it is below 0. */
  min_cash: number;
  min_cash_month: number;
  funding_need: number;
}

export interface Projection {
  /** Month 0 (the start) and months 1…36. */
  months: PlanMonth[];
  years: PlanYear[];
  key: PlanKeyFigures;
  unit_economics: UnitEconomics[];
}

/** 'YYYY-MM' of month m of a plan starting at `start` (month 0 is the month before). */
export function monthLabel(start: string, m: number): string {
  const [year, month] = start.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + (m - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const longMonth = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A plan month ('2027-01') as the founder reads it: 'enero de 2027'. */
export function monthName(label: string): string {
  const [year, month] = label.split('-').map(Number) as [number, number];
  return longMonth.format(new Date(Date.UTC(year, month - 1, 1)));
}

const factor = (multipliers: Multipliers, key: keyof Multipliers): Dec => new D(multipliers[key] ?? 1);

/** Each product's volume (units or new customers) in months 1…last, scenario applied. */
function volumes(assumptions: FinancialAssumptions, multipliers: Multipliers, last: number): number[][] {
  return assumptions.products.map((product) => {
    const start = new D(product.start_volume).times(factor(multipliers, 'volume'));
    const growth = new D(1).plus(rate(product.monthly_growth_pct).times(factor(multipliers, 'growth')));
    const out: number[] = [];
    for (let m = 1; m <= last; m++) {
      if (m < product.start_month) {
        out.push(0);
        continue;
      }
      const volume = start.times(growth.pow(m - product.start_month)).toDecimalPlaces(0);
      out.push(Math.max(0, Math.min(VOLUME_MAX, volume.toNumber())));
    }
    return out;
  });
}

interface LoanMonth {
  interest: Dec;
  principal: Dec;
}

/** A loan's instalments by month (French amortisation, rounded to the cent). */
function loanSchedule(loan: PlanLoan): Map<number, LoanMonth> {
  const schedule = new Map<number, LoanMonth>();
  const principal = cents(loan.principal);
  if (principal.isZero()) return schedule;
  const r = rate(loan.annual_rate_pct).div(12);
  const n = loan.term_months;
  const payment = r.isZero()
    ? roundCents(principal.div(n))
    : roundCents(principal.times(r).div(new D(1).minus(new D(1).plus(r).pow(-n))));
  let balance = principal;
  for (let i = 1; i <= n && loan.month + i <= PLAN_HORIZON_MONTHS; i++) {
    const interest = roundCents(balance.times(r));
    const repaid = i === n ? balance : D.min(balance, payment.minus(interest));
    schedule.set(loan.month + i, { interest, principal: repaid });
    balance = balance.minus(repaid);
  }
  return schedule;
}

const sumWhere = <T>(items: T[], amountOf: (item: T) => Dec): Dec =>
  items.reduce((total, item) => total.plus(amountOf(item)), new D(0));

/** The projection of one scenario: the assumptions with `multipliers` applied to what they name. */
export function projectPlan(assumptions: FinancialAssumptions, multipliers: Multipliers = {}): Projection {
  const H = PLAN_HORIZON_MONTHS;
  const stockMonths = assumptions.inventory_months.value;
  const vols = volumes(assumptions, multipliers, H + stockMonths);
  const prices = assumptions.products.map((p) =>
    roundCents(cents(p.price).times(factor(multipliers, 'price'))),
  );
  const unitCosts = assumptions.products.map((p) =>
    roundCents(cents(p.unit_cost).times(factor(multipliers, 'unit_cost'))),
  );
  const churns = assumptions.products.map((p) =>
    D.min(1, rate(p.churn_pct).times(factor(multipliers, 'churn'))),
  );
  const employer = new D(1).plus(rate(assumptions.employer_cost_pct.value));
  const marketing = roundCents(
    cents(assumptions.marketing_monthly.value).times(factor(multipliers, 'marketing')),
  );
  const loans = assumptions.loans.map(loanSchedule);

  // Cost of sales of sale products in months 1…H + stock months: what the stock is bought for.
  const saleCost = (m: number): Dec =>
    sumWhere(
      assumptions.products.map((p, i) => ({ p, i })).filter(({ p }) => p.kind === 'sale'),
      ({ i }) => (unitCosts[i] as Dec).times(vols[i]?.[m - 1] ?? 0),
    );
  const stockAt = (m: number): Dec => {
    let total = new D(0);
    for (let j = m + 1; j <= m + stockMonths; j++) total = total.plus(saleCost(j));
    return total;
  };

  const receivedIn = (m: number): Dec =>
    sumWhere(
      assumptions.loans.filter((l) => l.month === m),
      (l) => cents(l.principal),
    )
      .plus(
        sumWhere(
          assumptions.grants.filter((g) => g.month === m),
          (g) => cents(g.amount),
        ),
      )
      .plus(
        sumWhere(
          assumptions.equity.filter((e) => e.month === m),
          (e) => cents(e.amount),
        ),
      );
  const investedIn = (m: number): Dec =>
    sumWhere(
      assumptions.investments.filter((i) => i.month === m),
      (i) => cents(i.amount),
    );

  const months: PlanMonth[] = [];
  const opening = cents(assumptions.own_funds.value).plus(receivedIn(0));
  const openingStock = stockAt(0);
  let cash = opening.minus(investedIn(0)).minus(openingStock);
  months.push({
    month: 0,
    label: monthLabel(assumptions.start_month, 0),
    units: 0,
    customers: 0,
    new_customers: 0,
    revenue: 0,
    cost_of_sales: 0,
    gross_margin: 0,
    staff: 0,
    fixed_costs: 0,
    marketing: 0,
    operating_costs: 0,
    ebitda: 0,
    stock_change: num(openingStock),
    investment: num(investedIn(0)),
    loan_interest: 0,
    loan_principal: 0,
    loan_payments: 0,
    financing_in: num(opening),
    cash_flow: num(cash),
    cash_balance: num(cash),
  });

  const customers = assumptions.products.map(() => 0);
  let stock = openingStock;
  for (let m = 1; m <= H; m++) {
    let units = 0;
    let active = 0;
    let fresh = 0;
    let revenue = new D(0);
    let costOfSales = new D(0);
    assumptions.products.forEach((product, i) => {
      const volume = vols[i]?.[m - 1] ?? 0;
      let sold = volume;
      if (product.kind === 'subscription') {
        const before = customers[i] ?? 0;
        const lost = new D(before)
          .times(churns[i] as Dec)
          .toDecimalPlaces(0)
          .toNumber();
        sold = before - lost + volume;
        customers[i] = sold;
        active += sold;
        fresh += volume;
      } else {
        units += volume;
      }
      revenue = revenue.plus((prices[i] as Dec).times(sold));
      costOfSales = costOfSales.plus((unitCosts[i] as Dec).times(sold));
    });
    const staff = sumWhere(
      assumptions.team.filter((role) => role.start_month <= m),
      (role) =>
        roundCents(
          cents(role.monthly_salary)
            .times(factor(multipliers, 'salaries'))
            .times(role.headcount)
            .times(employer),
        ),
    );
    const fixed = sumWhere(
      assumptions.fixed_costs.filter((cost) => cost.start_month <= m),
      (cost) => roundCents(cents(cost.monthly).times(factor(multipliers, 'fixed_costs'))),
    );
    const operating = staff.plus(fixed).plus(marketing);
    const grossMargin = revenue.minus(costOfSales);
    const ebitda = grossMargin.minus(operating);
    const nextStock = stockAt(m);
    const stockChange = nextStock.minus(stock);
    stock = nextStock;
    let interest = new D(0);
    let principal = new D(0);
    for (const schedule of loans) {
      const due = schedule.get(m);
      if (!due) continue;
      interest = interest.plus(due.interest);
      principal = principal.plus(due.principal);
    }
    const payments = interest.plus(principal);
    const investment = investedIn(m);
    const financing = receivedIn(m);
    const flow = ebitda.minus(stockChange).minus(investment).minus(payments).plus(financing);
    cash = cash.plus(flow);
    months.push({
      month: m,
      label: monthLabel(assumptions.start_month, m),
      units,
      customers: active,
      new_customers: fresh,
      revenue: num(revenue),
      cost_of_sales: num(costOfSales),
      gross_margin: num(grossMargin),
      staff: num(staff),
      fixed_costs: num(fixed),
      marketing: num(marketing),
      operating_costs: num(operating),
      ebitda: num(ebitda),
      stock_change: num(stockChange),
      investment: num(investment),
      loan_interest: num(interest),
      loan_principal: num(principal),
      loan_payments: num(payments),
      financing_in: num(financing),
      cash_flow: num(flow),
      cash_balance: num(cash),
    });
  }

  return {
    months,
    years: yearsOf(months),
    key: keyFigures(months, assumptions.start_month),
    unit_economics: unitEconomics(assumptions, months, prices, unitCosts, churns),
  };
}

const YEAR_SUMS = [
  'revenue',
  'cost_of_sales',
  'gross_margin',
  'staff',
  'fixed_costs',
  'marketing',
  'operating_costs',
  'ebitda',
  'stock_change',
  'investment',
  'loan_interest',
  'loan_principal',
  'loan_payments',
  'financing_in',
  'cash_flow',
] as const;

/** Per cent of `part` in `whole` to one decimal (half up); null when `whole` is 0. */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return new D(part).times(100).div(whole).toDecimalPlaces(1).toNumber();
}

/** Each year's sums of its twelve months (year 1 also carries month 0: the start). */
function yearsOf(months: PlanMonth[]): PlanYear[] {
  const years: PlanYear[] = [];
  for (let year = 1; year <= PLAN_YEARS; year++) {
    const inYear = months.filter((m) => (year === 1 ? m.month <= 12 : Math.ceil(m.month / 12) === year));
    const sums = Object.fromEntries(
      YEAR_SUMS.map((key) => [key, inYear.reduce((total, m) => total + m[key], 0)]),
    ) as Record<(typeof YEAR_SUMS)[number], number>;
    years.push({
      year,
      ...sums,
      gross_margin_pct: percentOf(sums.gross_margin, sums.revenue),
      cash_balance: inYear.at(-1)?.cash_balance ?? 0,
    });
  }
  return years;
}

function keyFigures(months: PlanMonth[], start: string): PlanKeyFigures {
  const run = months.slice(1);
  let breakEven: number | null = null;
  for (let i = run.length - 1; i >= 0; i--) {
    const m = run[i] as PlanMonth;
    if (m.ebitda < 0 || m.revenue <= 0) break;
    breakEven = m.month;
  }
  const cashOut = months.find((m) => m.cash_balance < 0)?.month ?? null;
  const beforeBreakEven = run.filter((m) => breakEven === null || m.month < breakEven);
  const spent = beforeBreakEven.reduce((total, m) => total - (m.ebitda - m.stock_change), 0);
  const burn =
    beforeBreakEven.length === 0
      ? 0
      : Math.max(0, new D(spent).div(beforeBreakEven.length).toDecimalPlaces(0).toNumber());
  const lowest = months.reduce(
    (low, m) => (m.cash_balance < low.cash_balance ? m : low),
    months[0] as PlanMonth,
  );
  return {
    break_even_month: breakEven,
    break_even_label: breakEven === null ? null : monthLabel(start, breakEven),
    cash_out_month: cashOut,
    runway_months: cashOut === null ? null : Math.max(0, cashOut - 1),
    monthly_burn: burn,
    min_cash: lowest.cash_balance,
    min_cash_month: lowest.month,
    funding_need: Math.max(0, -lowest.cash_balance),
  };
}

function unitEconomics(
  assumptions: FinancialAssumptions,
  months: PlanMonth[],
  prices: Dec[],
  unitCosts: Dec[],
  churns: Dec[],
): UnitEconomics[] {
  const newCustomers = months.reduce((total, m) => total + m.new_customers, 0);
  const marketing = months.reduce((total, m) => total + m.marketing, 0);
  const cac = newCustomers > 0 ? new D(marketing).div(newCustomers).toDecimalPlaces(0) : null;
  return assumptions.products.flatMap((product, i) => {
    if (product.kind !== 'subscription') return [];
    const contribution = (prices[i] as Dec).minus(unitCosts[i] as Dec);
    const churn = churns[i] as Dec;
    const ltv = churn.isZero() ? null : contribution.div(churn).toDecimalPlaces(0);
    return [
      {
        product_id: product.id,
        product_name: product.name,
        price: num(prices[i] as Dec),
        contribution: num(contribution),
        ltv: ltv && num(ltv),
        cac: cac && num(cac),
        ltv_to_cac: ltv && cac && !cac.isZero() ? num(ltv.div(cac).toDecimalPlaces(1)) : null,
        payback_months:
          cac && contribution.greaterThan(0) ? num(cac.div(contribution).toDecimalPlaces(1)) : null,
      },
    ];
  });
}

/** The multipliers of a scenario (the base multiplies nothing). */
export function scenarioMultipliers(scenarios: PlanScenarios, key: ScenarioKey): Multipliers {
  return key === 'base' ? {} : scenarios[key];
}

/** The three scenarios side by side. */
export function projectScenarios(
  assumptions: FinancialAssumptions,
  scenarios: PlanScenarios,
): Record<ScenarioKey, Projection> {
  return {
    pessimistic: projectPlan(assumptions, scenarios.pessimistic),
    base: projectPlan(assumptions),
    optimistic: projectPlan(assumptions, scenarios.optimistic),
  };
}

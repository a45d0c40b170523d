import type { PlanMonth } from '@rumbo/contract/finance-engine';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { financeCopy } from '../../../config/copy/finance.es.ts';
import type { PlanFormat } from '../format.ts';

const t = financeCopy.chart;
const BRAND = '#4f46e5';
const NEGATIVE = '#b91c1c';
const GRID = '#e2e8f0';
const AXIS = '#475569';

/**
 * The cash balance month by month (recharts, as the operator's console draws its charts), with the zero
 * line and the break-even month marked; the same figures as a table for screen readers.
 */
export function CashChart({
  months,
  breakEven,
  format,
}: {
  months: PlanMonth[];
  breakEven: number | null;
  format: PlanFormat;
}) {
  const data = months.map((m) => ({ month: m.month, cash: Math.round(m.cash_balance / 100) }));
  return (
    <figure className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5">
      <figcaption className="text-lg font-bold text-slate-900">{t.title}</figcaption>
      <div className="mt-3 h-60 w-full" data-testid="cash-chart">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis dataKey="month" tick={{ fill: AXIS, fontSize: 12 }} interval={5} />
            <YAxis
              tick={{ fill: AXIS, fontSize: 12 }}
              width={72}
              tickFormatter={(value: number) => format.money(value * 100)}
            />
            <Tooltip
              formatter={(value) => [format.money(Number(value) * 100), t.cash]}
              labelFormatter={(label) => `${t.month} ${label}`}
            />
            <ReferenceLine y={0} stroke={NEGATIVE} strokeDasharray="4 4" />
            {breakEven !== null ? (
              <ReferenceLine
                x={breakEven}
                stroke="#047857"
                label={{ value: t.breakEven, fill: '#047857', fontSize: 12, position: 'insideTopLeft' }}
              />
            ) : null}
            <Area
              type="monotone"
              dataKey="cash"
              stroke={BRAND}
              fill={BRAND}
              fillOpacity={0.12}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.month}</th>
            <th scope="col">{t.cash}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{m.month}</th>
              <td>{format.money(m.cash_balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

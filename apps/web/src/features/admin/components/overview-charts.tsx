import type { AdminOverview } from '@rumbo/contract';
import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DashboardCard } from '../../../components/dashboard-card.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { answerTotals, formatAxisDay, formatDay, formatNumber, sumCounts } from '../format.ts';
import { Empty } from './section-states.tsx';

const t = adminCopy.charts;

const BRAND = '#4f46e5';
const FAILED = '#dc2626';
const GRID = '#e2e8f0';
const AXIS = '#64748b';
const CHART_HEIGHT = 240;

/** The same data as a table, for screen readers (the chart itself is drawn for the eyes). */
function ChartTable({
  title,
  headers,
  rows,
}: {
  title: string;
  headers: string[];
  rows: { key: string; cells: string[] }[];
}) {
  // A table ignores the width sr-only gives it and would widen a narrow page: its box hides it instead.
  return (
    <div className="sr-only">
      <table>
        <caption>{t.tableCaption(title)}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are a fixed list of columns.
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A titled chart that fills the width of its card, with its data as a table for screen readers. */
function ChartPanel({
  title,
  empty,
  table,
  legend,
  children,
}: {
  title: string;
  empty: boolean;
  table: ReactElement;
  /** The colours of a chart with more than one series (drawn here: recharts' own legend is large). */
  legend?: { label: string; color: string }[];
  children: ReactElement;
}) {
  return (
    <DashboardCard title={title}>
      {empty ? (
        <Empty text={adminCopy.empty} />
      ) : (
        <>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            {children}
          </ResponsiveContainer>
          {legend ? (
            <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-600">
              {legend.map((item) => (
                <li key={item.label} className="flex items-center gap-1.5">
                  <span
                    className="size-3 rounded-sm"
                    style={{ backgroundColor: item.color }}
                    aria-hidden="true"
                  />
                  {item.label}
                </li>
              ))}
            </ul>
          ) : null}
          {table}
        </>
      )}
    </DashboardCard>
  );
}

const axisProps = {
  stroke: AXIS,
  fontSize: 12,
  tickLine: false,
} as const;

const dayAxis = <XAxis dataKey="day" tickFormatter={formatAxisDay} minTickGap={16} {...axisProps} />;
const countAxis = <YAxis allowDecimals={false} width={40} {...axisProps} />;
const grid = <CartesianGrid stroke={GRID} vertical={false} />;
const tooltipLabel = (label: unknown) => (typeof label === 'string' ? formatDay(label) : String(label));

function SignupsChart({ overview }: { overview: AdminOverview }) {
  const days = overview.signups_per_day;
  return (
    <ChartPanel
      title={t.signups.title}
      empty={days.length === 0}
      table={
        <ChartTable
          title={t.signups.title}
          headers={[t.day, t.signups.series]}
          rows={days.map((day) => ({ key: day.day, cells: [formatDay(day.day), formatNumber(day.count)] }))}
        />
      }
    >
      <BarChart
        data={days}
        title={t.signups.title}
        desc={t.signups.label(formatNumber(sumCounts(days)), days.length)}
      >
        {grid}
        {dayAxis}
        {countAxis}
        <Tooltip labelFormatter={tooltipLabel} />
        <Bar dataKey="count" name={t.signups.series} fill={BRAND} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ChartPanel>
  );
}

function AnswersChart({ overview }: { overview: AdminOverview }) {
  // `answers` counts every attempt, failed ones included: the bars stack the good ones on the failed.
  const days = overview.answers_per_day.map((day) => ({ ...day, ok: day.answers - day.failed }));
  const totals = answerTotals(days);
  return (
    <ChartPanel
      title={t.answers.title}
      empty={days.length === 0}
      legend={[
        { label: t.answers.ok, color: BRAND },
        { label: t.answers.failed, color: FAILED },
      ]}
      table={
        <ChartTable
          title={t.answers.title}
          headers={[t.day, t.answers.ok, t.answers.failed]}
          rows={days.map((day) => ({
            key: day.day,
            cells: [formatDay(day.day), formatNumber(day.ok), formatNumber(day.failed)],
          }))}
        />
      }
    >
      <BarChart
        data={days}
        title={t.answers.title}
        desc={t.answers.label(formatNumber(totals.answers), formatNumber(totals.failed))}
      >
        {grid}
        {dayAxis}
        {countAxis}
        <Tooltip labelFormatter={tooltipLabel} />
        <Bar dataKey="ok" name={t.answers.ok} stackId="answers" fill={BRAND} />
        <Bar dataKey="failed" name={t.answers.failed} stackId="answers" fill={FAILED} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ChartPanel>
  );
}

function ActiveUsersChart({ overview }: { overview: AdminOverview }) {
  const days = overview.active_users_per_day;
  const peak = days.reduce((max, day) => Math.max(max, day.count), 0);
  return (
    <ChartPanel
      title={t.active.title}
      empty={days.length === 0}
      table={
        <ChartTable
          title={t.active.title}
          headers={[t.day, t.active.series]}
          rows={days.map((day) => ({ key: day.day, cells: [formatDay(day.day), formatNumber(day.count)] }))}
        />
      }
    >
      <LineChart data={days} title={t.active.title} desc={t.active.label(formatNumber(peak))}>
        {grid}
        {dayAxis}
        {countAxis}
        <Tooltip labelFormatter={tooltipLabel} />
        <Line
          type="monotone"
          dataKey="count"
          name={t.active.series}
          stroke={BRAND}
          strokeWidth={2}
          dot={days.length <= 31}
        />
      </LineChart>
    </ChartPanel>
  );
}

/** The period's three charts; a module of its own, loaded after the figures (the chart library is large). */
export function OverviewCharts({ overview }: { overview: AdminOverview }) {
  return (
    <>
      <SignupsChart overview={overview} />
      <AnswersChart overview={overview} />
      <ActiveUsersChart overview={overview} />
    </>
  );
}

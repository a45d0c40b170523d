import type { AdminOverview } from '@rumbo/contract';
import type { ReactNode } from 'react';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { answerTotals, formatDuration, formatEuros, formatNumber, sumCounts } from '../format.ts';

const t = adminCopy.summary;

function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/10">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold break-words text-slate-900 tabular-nums">{value}</dd>
      {children ? <dd className="mt-1 text-sm text-slate-600">{children}</dd> : null}
    </div>
  );
}

/** The period's headline figures. */
export function SummaryCards({ overview }: { overview: AdminOverview }) {
  const answers = answerTotals(overview.answers_per_day);
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
      <Figure label={t.signups} value={formatNumber(sumCounts(overview.signups_per_day))} />
      <Figure label={t.activeUsers} value={formatNumber(overview.active_users)} />
      <Figure label={t.answers} value={formatNumber(answers.answers)}>
        {t.failedAnswers(formatNumber(answers.failed), answers.failureRate)}
      </Figure>
      <Figure label={t.creditsSpent} value={formatNumber(overview.credits_spent)} />
      <Figure label={t.mrr} value={formatEuros(overview.monthly_recurring_revenue_eur)}>
        {t.mrrHint}
        {overview.test_checkout_revenue_eur > 0 ? (
          <span className="mt-1 block text-amber-800">
            {t.testCheckout(formatEuros(overview.test_checkout_revenue_eur))}
          </span>
        ) : null}
      </Figure>
      <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/10">
        <dt className="text-sm font-medium text-slate-600">{t.research}</dt>
        <dd className="mt-1 text-sm text-slate-700">
          <span className="font-medium">{t.median}: </span>
          <span className="text-lg font-bold text-slate-900 tabular-nums">
            {formatDuration(overview.research.median_seconds)}
          </span>
        </dd>
        <dd className="text-sm text-slate-700">
          <span className="font-medium">{t.p95}: </span>
          <span className="text-lg font-bold text-slate-900 tabular-nums">
            {formatDuration(overview.research.p95_seconds)}
          </span>
        </dd>
      </div>
    </dl>
  );
}

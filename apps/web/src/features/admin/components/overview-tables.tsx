import type { AdminOverview } from '@rumbo/contract';
import { DashboardCard } from '../../../components/dashboard-card.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { publicConfig } from '../../../config/public-config.ts';
import { formatEuros, formatNumber, planName } from '../format.ts';
import { consolePageName } from '../page-names.ts';
import { DataTable } from './data-table.tsx';

const t = adminCopy.tables;

export function PlansTable({ overview }: { overview: AdminOverview }) {
  return (
    <DashboardCard title={t.plans.title}>
      <DataTable
        title={t.plans.title}
        rows={overview.users_per_plan}
        rowKey={(row) => row.plan_id}
        columns={[
          { header: t.plans.plan, cell: (row) => planName(row.plan_id, row.name) },
          { header: t.plans.users, cell: (row) => formatNumber(row.users), numeric: true },
          {
            header: t.plans.testCheckout,
            cell: (row) => formatNumber(row.test_checkout_users),
            numeric: true,
          },
        ]}
      />
      <p className="mt-3 text-sm font-medium text-slate-700">
        {t.plans.mrr(formatEuros(overview.monthly_recurring_revenue_eur))}
      </p>
      {overview.test_checkout_revenue_eur > 0 ? (
        <p className="mt-1 text-sm text-amber-800">
          {t.plans.testCheckoutMrr(formatEuros(overview.test_checkout_revenue_eur))}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">{t.plans.customersOnly}</p>
    </DashboardCard>
  );
}

export function ResearchStatesTable({ overview }: { overview: AdminOverview }) {
  return (
    <DashboardCard title={t.research.title}>
      <DataTable
        title={t.research.title}
        rows={overview.research.by_state}
        rowKey={(row) => row.state}
        columns={[
          { header: t.research.state, cell: (row) => adminCopy.researchStates[row.state] ?? row.state },
          { header: t.research.count, cell: (row) => formatNumber(row.count), numeric: true },
        ]}
      />
      {publicConfig.demo ? <p className="mt-3 text-sm text-amber-800">{t.research.demoExamples}</p> : null}
    </DashboardCard>
  );
}

export function TopPagesTable({ overview }: { overview: AdminOverview }) {
  return (
    <DashboardCard title={t.pages.title}>
      <DataTable
        title={t.pages.title}
        rows={overview.top_pages}
        rowKey={(row) => row.page}
        columns={[
          { header: t.pages.page, cell: (row) => consolePageName(row.page) },
          {
            header: t.pages.route,
            cell: (row) => <span className="break-all font-mono text-xs">{row.page}</span>,
          },
          { header: t.pages.views, cell: (row) => formatNumber(row.views), numeric: true },
        ]}
      />
    </DashboardCard>
  );
}

export function UtmSourcesTable({ overview }: { overview: AdminOverview }) {
  return (
    <DashboardCard title={t.utm.title}>
      <DataTable
        title={t.utm.title}
        rows={overview.utm_sources}
        rowKey={(row) => row.source}
        columns={[
          { header: t.utm.source, cell: (row) => row.source },
          { header: t.utm.sessions, cell: (row) => formatNumber(row.sessions), numeric: true },
        ]}
      />
    </DashboardCard>
  );
}

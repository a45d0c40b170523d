import type { Business } from '@rumbo/contract';
import { Link } from 'react-router';
import { ActionMenu } from '../../../components/action-menu.tsx';
import { BusinessLogo } from '../../../components/business-logo.tsx';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';

const t = copy.businesses.dashboard;

/** One business on the chats dashboard (product.md §2.9): logo, name, 'Entrar' and the three-dot menu. */
export function BusinessCard({
  business,
  onEdit,
  onReport,
  onFinance,
  onRoadmap,
  onDelete,
}: {
  business: Business;
  onEdit: () => void;
  /** Opens the business's market-research report. */
  onReport: () => void;
  /** Opens the business's financial plan. */
  onFinance: () => void;
  /** Opens the business's roadmap. */
  onRoadmap: () => void;
  onDelete: () => void;
}) {
  return (
    <article
      aria-label={business.name}
      className="flex h-full flex-col gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5"
    >
      <div className="flex items-start gap-4">
        <BusinessLogo business={business} />
        <div className="min-w-0 flex-1 pt-1">
          <h3 className="truncate text-base font-semibold text-slate-900" title={business.name}>
            {business.name}
          </h3>
          <p className="text-sm text-slate-500">{t.stage[business.stage]}</p>
        </div>
        <ActionMenu
          label={t.menu(business.name)}
          actions={[
            { label: t.edit, onSelect: onEdit },
            { label: t.report, onSelect: onReport },
            { label: t.finance, onSelect: onFinance },
            { label: t.roadmap, onSelect: onRoadmap },
            { label: t.delete, onSelect: onDelete, danger: true },
          ]}
        />
      </div>
      <Link
        to={paths.chat(business.stage, business.id)}
        aria-label={t.enterLabel(business.name)}
        className="mt-auto inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t.enter}
      </Link>
    </article>
  );
}

import type { LatestChat } from '@rumbo/contract';
import { ArrowRight, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { DashboardCard, linkButtonClasses } from '../../../components/dashboard-card.tsx';
import { copy } from '../../../config/copy.es.ts';
import { paths } from '../../../config/paths.ts';
import { timeAgo } from '../format.ts';

const t = copy.home.latest;

/** 'Continuar la última conversación': the user's most recently active thread, in any business. */
export function LatestChatCard({
  latest,
  failed,
  className = '',
}: {
  /** undefined while loading. */
  latest: LatestChat | undefined;
  failed: boolean;
  className?: string;
}) {
  const chat = latest?.chat;
  return (
    <DashboardCard title={t.title} icon={MessagesSquare} className={className}>
      {failed ? (
        <p className="text-sm text-slate-600">{t.failed}</p>
      ) : !latest ? (
        <p role="status" className="text-sm text-slate-600">
          {t.loading}
        </p>
      ) : !chat ? (
        <p className="text-sm text-slate-600">{t.empty}</p>
      ) : (
        <div className="flex flex-1 flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-brand-700">{chat.business_name}</p>
            <p className="mt-1 line-clamp-2 font-semibold text-slate-900">
              {chat.title.trim() || t.untitled}
            </p>
            <p className="mt-1 text-sm text-slate-500">
              <time dateTime={chat.active_at}>{t.when(timeAgo(chat.active_at))}</time>
            </p>
          </div>
          <Link
            to={`${paths.chat(chat.business_stage, chat.business_id)}?chat=${chat.id}`}
            className={`${linkButtonClasses.primary} shrink-0`}
          >
            {t.continue}
            <span className="sr-only">{`: ${chat.title.trim() || t.untitled}`}</span>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      )}
    </DashboardCard>
  );
}

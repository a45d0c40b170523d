import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { DashboardCard } from '../../../components/dashboard-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { feedbackQueryOptions } from '../api/admin.ts';
import { errorMessage } from '../errors.ts';
import { formatDateTime, formatNumber } from '../format.ts';
import { DataTable } from './data-table.tsx';
import { Loading } from './section-states.tsx';

const t = adminCopy.feedback;

/** Long comments wrap inside their cell instead of widening the table. */
const wrapped = 'block max-w-md whitespace-pre-line break-words';

/** The latest comments from the home's feedback form and the latest answer ratings, a page of each. */
export function FeedbackSection() {
  const [page, setPage] = useState(1);
  const feedback = useQuery(feedbackQueryOptions(page));
  const data = feedback.data;
  const pages = data
    ? Math.max(1, Math.ceil(Math.max(data.comments_total, data.ratings_total) / Math.max(1, data.page_size)))
    : 1;
  return (
    <DashboardCard
      title={t.title}
      description={t.description}
      actions={
        data ? (
          <span className="text-sm text-slate-600">
            {t.count(formatNumber(data.comments_total), formatNumber(data.ratings_total))}
          </span>
        ) : null
      }
    >
      {feedback.isError ? (
        <div className="space-y-3">
          <FormAlert message={errorMessage(feedback.error, t.error)} />
          <Button variant="secondary" onClick={() => void feedback.refetch()}>
            {adminCopy.retry}
          </Button>
        </div>
      ) : !data ? (
        <Loading label={adminCopy.loading} />
      ) : (
        <div className="space-y-6" aria-busy={feedback.isFetching}>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-800">{t.comments}</h3>
            <DataTable
              title={t.comments}
              rows={data.comments}
              rowKey={(row) => row.id}
              empty={t.emptyComments}
              columns={[
                { header: t.columns.date, cell: (row) => formatDateTime(row.created_at) },
                { header: t.columns.user, cell: (row) => row.user_email },
                { header: t.columns.message, cell: (row) => <span className={wrapped}>{row.message}</span> },
                { header: t.columns.page, cell: (row) => row.page ?? adminCopy.none },
              ]}
            />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-800">{t.ratings}</h3>
            <DataTable
              title={t.ratings}
              rows={data.ratings}
              rowKey={(row) => row.message_id}
              empty={t.emptyRatings}
              columns={[
                { header: t.columns.date, cell: (row) => formatDateTime(row.created_at) },
                { header: t.columns.user, cell: (row) => row.user_email },
                { header: t.columns.rating, cell: (row) => t.ratingNames[row.rating] },
                {
                  header: t.columns.reason,
                  cell: (row) => <span className={wrapped}>{row.reason ?? adminCopy.none}</span>,
                },
                { header: t.columns.answer, cell: (row) => t.answer(row.message_id), numeric: true },
              ]}
            />
          </div>
          {pages > 1 ? (
            <nav
              aria-label={t.pagination}
              className="flex flex-wrap items-center justify-between gap-3 text-sm"
            >
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t.previous}
              </Button>
              <span className="text-slate-700" aria-live="polite">
                {t.page(page, pages)}
              </span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t.next}
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </DashboardCard>
  );
}

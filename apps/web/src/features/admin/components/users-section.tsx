import type { AdminUser } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useState } from 'react';
import { ActionMenu } from '../../../components/action-menu.tsx';
import { Button } from '../../../components/button.tsx';
import { DashboardCard } from '../../../components/dashboard-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { usersQueryOptions } from '../api/admin.ts';
import { errorMessage } from '../errors.ts';
import { formatDate, formatNumber, planName } from '../format.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { DataTable } from './data-table.tsx';
import { GrantCreditsDialog } from './grant-credits-dialog.tsx';
import { Loading } from './section-states.tsx';

const t = adminCopy.users;

export const SEARCH_DEBOUNCE_MS = 300;

/** The users, searched by e-mail or name and paged as the API pages them; each can be given credits. */
export function UsersSection() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageOf, setPageOf] = useState({ q, page: 1 });
  // A new search starts on its first page.
  const page = pageOf.q === q ? pageOf.page : 1;
  const users = useQuery(usersQueryOptions(q, page));
  const [granting, setGranting] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState('');

  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.page_size))) : 1;
  const goTo = (next: number) => setPageOf({ q, page: next });

  return (
    <DashboardCard
      title={t.title}
      actions={
        data ? <span className="text-sm text-slate-600">{t.count(formatNumber(data.total))}</span> : null
      }
    >
      <div className="max-w-md">
        <TextField
          label={t.search}
          type="search"
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </div>
      <p role="status" className="mt-3 text-sm font-medium text-emerald-700 empty:hidden">
        {notice}
      </p>
      <div className="mt-4" aria-busy={users.isFetching}>
        {users.isError ? (
          <div className="space-y-3">
            <FormAlert message={errorMessage(users.error, t.error)} />
            <Button variant="secondary" onClick={() => void users.refetch()}>
              {adminCopy.retry}
            </Button>
          </div>
        ) : !data ? (
          <Loading label={adminCopy.loading} />
        ) : (
          <>
            <DataTable
              title={t.title}
              rows={data.users}
              rowKey={(user) => user.id}
              empty={t.empty}
              columns={[
                { header: t.columns.email, cell: (user) => user.email },
                { header: t.columns.name, cell: (user) => user.full_name },
                { header: t.columns.plan, cell: (user) => planName(user.plan_id) },
                {
                  header: t.columns.credits,
                  cell: (user) => (user.credits === null ? t.unlimited : formatNumber(user.credits)),
                  numeric: true,
                },
                {
                  header: t.columns.businesses,
                  cell: (user) => formatNumber(user.businesses),
                  numeric: true,
                },
                { header: t.columns.createdAt, cell: (user) => formatDate(user.created_at) },
                { header: t.columns.lastSeen, cell: (user) => formatDate(user.last_seen) ?? t.never },
                {
                  header: t.columns.actions,
                  // A menu, so that the row stays narrow however many actions it gets.
                  cell: (user) => (
                    <ActionMenu
                      label={t.actionsFor(user.email)}
                      menuClassName="min-w-48"
                      actions={[
                        {
                          label: t.grant,
                          icon: Coins,
                          onSelect: () => {
                            setNotice('');
                            setGranting(user);
                          },
                        },
                      ]}
                    />
                  ),
                },
              ]}
            />
            {data.total > 0 ? (
              <nav
                aria-label={t.pagination}
                className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
              >
                <Button variant="secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                  {t.previous}
                </Button>
                <span className="text-slate-700" aria-live="polite">
                  {t.page(page, pages)}
                </span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                  {t.next}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>
      {granting ? (
        <GrantCreditsDialog
          user={granting}
          onClose={() => setGranting(null)}
          onDone={(balance) => {
            setNotice(
              adminCopy.grant.done(granting.email, balance === null ? t.unlimited : formatNumber(balance)),
            );
            setGranting(null);
          }}
        />
      ) : null}
    </DashboardCard>
  );
}

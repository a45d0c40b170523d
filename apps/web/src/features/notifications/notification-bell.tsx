import type { Notification } from '@rumbo/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Check } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, LinkButton } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { notificationsCopy as t } from '../../config/copy/notifications.es.ts';
import { paths } from '../../config/paths.ts';
import { notificationKeys, notificationsApi, unreadQueryOptions } from './api/notifications.ts';

// Made at the first notice shown, not when the module loads: building a date format with its locale's
// patterns took about 20 ms of the chat's first load, for a list that opens only on demand.
let when: Intl.DateTimeFormat | undefined;
function formatWhen(iso: string): string {
  when ??= new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });
  return when.format(new Date(iso));
}

/**
 * The shell's bell (ADR 0056): the unread count on it, and the centre in a dialog — the list newest first,
 * 'Marcar como leída' one by one or all, and each notice opening its page. A plan without the
 * notifications sees what they would bring and 'Mejorar plan'.
 */
export function NotificationBell({
  hasNotifications,
  className = '',
}: {
  hasNotifications: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const unread = useQuery({ ...unreadQueryOptions(), enabled: hasNotifications });
  const count = unread.data?.unread ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t.bell(count)}
        title={t.bell(count)}
        className={`relative inline-flex items-center justify-center rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
      >
        <Bell className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <Dialog
          title={t.title}
          description={t.description}
          onClose={() => setOpen(false)}
          closeLabel={t.close}
        >
          {hasNotifications ? <NotificationList onNavigate={() => setOpen(false)} /> : <Upsell />}
        </Dialog>
      ) : null}
    </>
  );
}

function Upsell() {
  return (
    <div className="mt-4 space-y-3 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{t.upsell.title}</p>
      <p>{t.upsell.body}</p>
      <ul className="list-disc space-y-1 pl-5">
        {t.upsell.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Link
        to={paths.subscription}
        className="inline-flex rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t.upsell.upgrade}
      </Link>
    </div>
  );
}

function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => notificationsApi.page(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
  const settle = (unread: number) => {
    queryClient.setQueryData(notificationKeys.unread, { unread });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  };
  const markOne = useMutation({ mutationFn: notificationsApi.read, onSuccess: (r) => settle(r.unread) });
  const markAll = useMutation({ mutationFn: notificationsApi.readAll, onSuccess: (r) => settle(r.unread) });
  const openOne = async (n: Notification) => {
    try {
      settle((await notificationsApi.open(n.id, 'app')).unread);
    } finally {
      onNavigate();
      void navigate(n.link);
    }
  };

  if (list.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-slate-700">
        {t.loadError} <LinkButton onClick={() => void list.refetch()}>{t.retry}</LinkButton>
      </p>
    );
  }
  if (!list.data) {
    return (
      <div role="status" aria-label={t.title} className="mt-4 h-24 animate-pulse rounded-lg bg-slate-100" />
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  const unread = list.data.pages[0]?.unread ?? 0;
  return (
    <div className="mt-4">
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t.empty}</p>
      ) : (
        <>
          {unread > 0 ? (
            <div className="mb-3 flex justify-end">
              <LinkButton onClick={() => markAll.mutate()} disabled={markAll.isPending}>
                {t.markAll}
              </LinkButton>
            </div>
          ) : null}
          <ul className="space-y-2">
            {items.map((n) => (
              <li
                key={n.id}
                className={`rounded-xl border p-3 ${n.read_at ? 'border-slate-200 bg-white' : 'border-brand-200 bg-brand-50'}`}
              >
                <button
                  type="button"
                  onClick={() => void openOne(n)}
                  className="w-full rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="block text-sm font-semibold text-slate-900">
                    {n.read_at ? null : <span className="sr-only">{`${t.unreadTag}: `}</span>}
                    {n.title}
                  </span>
                  <span className="mt-1 block text-sm break-words whitespace-pre-line text-slate-700">
                    {n.body}
                  </span>
                  <span className="mt-1 block text-xs text-slate-600">{formatWhen(n.created_at)}</span>
                </button>
                {n.read_at ? null : (
                  <button
                    type="button"
                    onClick={() => markOne.mutate(n.id)}
                    aria-label={t.markOne(n.title)}
                    className="mt-2 inline-flex items-center gap-1 rounded text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <Check className="size-4" aria-hidden="true" />
                    {t.markOneShort}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              variant="secondary"
              className="mt-3 w-full"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {t.more}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

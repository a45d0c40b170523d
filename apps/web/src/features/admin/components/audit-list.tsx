import type { AdminAuditEntry } from '@rumbo/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button.tsx';
import { DashboardCard } from '../../../components/dashboard-card.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { auditQueryOptions } from '../api/admin.ts';
import { errorMessage } from '../errors.ts';
import { formatDateTime, formatNumber } from '../format.ts';
import { DataTable } from './data-table.tsx';
import { Loading } from './section-states.tsx';

const t = adminCopy.audit;

const asText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

/** What an entry's details say, in words: the credits and reason of a grant, the runs of a retry. */
function describe(entry: AdminAuditEntry): string[] {
  const { details } = entry;
  const lines: string[] = [];
  if (entry.action === 'grant_credits') {
    const amount = details.amount;
    if (typeof amount === 'number') lines.push(t.credits(formatNumber(amount)));
    const reason = asText(details.reason);
    if (reason) lines.push(t.reason(reason));
    return lines;
  }
  const research = asText(details.research_id);
  if (research) lines.push(t.research(research));
  const created = asText(details.new_research_id);
  if (created) lines.push(t.newResearch(created));
  return lines;
}

/** Every change operators made from the console, newest first. */
export function AuditList() {
  const audit = useQuery(auditQueryOptions());
  const entries = audit.data?.entries;
  return (
    <DashboardCard title={t.title}>
      {audit.isError ? (
        <div className="space-y-3">
          <FormAlert message={errorMessage(audit.error, t.error)} />
          <Button variant="secondary" onClick={() => void audit.refetch()}>
            {adminCopy.retry}
          </Button>
        </div>
      ) : !entries ? (
        <Loading label={adminCopy.loading} />
      ) : (
        <DataTable
          title={t.title}
          rows={entries}
          rowKey={(entry) => entry.id}
          empty={t.empty}
          columns={[
            { header: t.columns.date, cell: (entry) => formatDateTime(entry.created_at) },
            { header: t.columns.admin, cell: (entry) => entry.admin_email },
            { header: t.columns.action, cell: (entry) => t.actions[entry.action] ?? entry.action },
            {
              header: t.columns.target,
              cell: (entry) =>
                entry.target_email ??
                (entry.target_user_id === null ? adminCopy.none : t.deletedUser(entry.target_user_id)),
            },
            {
              header: t.columns.details,
              cell: (entry) => (
                <ul className="max-w-xs space-y-0.5 whitespace-normal break-words">
                  {describe(entry).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      )}
    </DashboardCard>
  );
}

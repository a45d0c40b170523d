import type { ReactNode } from 'react';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { Empty } from './section-states.tsx';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned, for figures. */
  numeric?: boolean;
}

/**
 * A table that scrolls sideways inside its own focusable region on a narrow screen, so that the page
 * itself never does and a keyboard user can scroll it too.
 */
export function DataTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  empty = adminCopy.empty,
}: {
  /** Names the table (its caption) and its scroll region. */
  title: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty?: string;
}) {
  if (rows.length === 0) return <Empty text={empty} />;
  return (
    <section
      aria-label={adminCopy.scrollRegion(title)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with Tab to scroll it with the keyboard.
      tabIndex={0}
      className="-mx-4 overflow-x-auto px-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:mx-0 sm:px-0"
    >
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-3 py-2 first:pl-0 last:pr-0 ${column.numeric ? 'text-right' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="text-slate-800">
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={`px-3 py-2 align-top first:pl-0 last:pr-0 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

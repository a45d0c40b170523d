import { useState } from 'react';
import { adminCopy } from '../../../config/copy/admin.es.ts';
import { lastDays } from '../format.ts';
import { AuditList } from './audit-list.tsx';
import { FailedResearches } from './failed-researches.tsx';
import { FeedbackSection } from './feedback-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { UsersSection } from './users-section.tsx';

const DEFAULT_DAYS = 30;

/** The operator's console: the period's figures, the users, the failed research runs, the audit, and the users' feedback. */
export function AdminConsole() {
  const [period, setPeriod] = useState(() => lastDays(DEFAULT_DAYS));
  return (
    <main className="mx-auto min-h-dvh w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{adminCopy.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{adminCopy.subtitle}</p>
      </header>
      <PeriodPicker period={period} onChange={setPeriod} />
      <OverviewSection period={period} />
      <UsersSection />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <FailedResearches />
        <AuditList />
      </div>
      <FeedbackSection />
    </main>
  );
}

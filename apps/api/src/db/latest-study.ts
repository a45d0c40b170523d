import type { ReportSection, ReportSectionKey, ResearchMode } from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.ts';

/**
 * A completed market study as the modules that build on it read it (the advisor's prompt, the financial
 * plan's proposals, the business-plan document, the roadmap), with its cited sources.
 */
export interface StudyReport {
  mode: ResearchMode | null;
  completed_at: string | null;
  summary: string | null;
  sections: Partial<Record<ReportSectionKey, ReportSection>>;
  sources: Array<{ number: number; title: string; url: string }> | null;
  /** What the run could not research or write (reports from before it was stored have none). */
  missing?: string[] | null;
}

/**
 * The id of a business's latest study (a scalar subquery, null before the first): the one place that says
 * which study that is (the newest completed one, the newer row first on a tie). `written` leaves out a
 * scaffold (mode 'none': no model wrote it, so nothing can be built on it).
 */
export const latestStudyId = (businessId: unknown, { written = false }: { written?: boolean } = {}) =>
  sql<number | null>`(select r.id from researches r
    where r.business_id = ${businessId} and r.status = 'completed'${written ? sql` and r.mode in ('web', 'model')` : sql``}
    order by r.completed_at desc nulls last, r.id desc limit 1)`;

/** The report of a study `researches r` as JSON, with its cited sources in order. */
export const studyReportJson = sql`json_build_object('mode', r.mode, 'completed_at', r.completed_at,
      'summary', r.summary, 'sections', r.sections, 'missing', r.missing,
      'sources', (select json_agg(json_build_object('number', s.number, 'title', s.title, 'url', s.url)
                  order by s.number) from research_sources s where s.research_id = r.id))`;

/** The report of the business's latest study, or null before its first one is completed. */
export async function latestStudyReport(db: Db, businessId: number): Promise<StudyReport | null> {
  const [row] = await queryRows<{ report: StudyReport }>(
    db,
    sql`select ${studyReportJson} as report from researches r where r.id = ${latestStudyId(businessId)}`,
  );
  return row?.report ?? null;
}

import type {
  Research,
  ResearchEvent,
  ResearchEventType,
  ResearchReport,
  ResearchSource,
  ResearchStage,
} from '@rumbo/contract';
import {
  REPORT_SECTIONS,
  type ReportReview,
  type ReportSection,
  type ReportSectionKey,
  type ResearchQuestion,
} from '@rumbo/contract';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { researchEvents, researches, researchSources } from '../../db/schema/index.ts';

export type ResearchRow = typeof researches.$inferSelect;
type SourceRow = typeof researchSources.$inferSelect;

/** What an event says: a Spanish label, and the stage and progress (0..1) the run is at. */
export interface EventPayload {
  label: string;
  stage: ResearchStage;
  progress: number;
}

/**
 * Appends an event to a run's timeline with the next sequence number and, in the same statement,
 * moves the run's stage and progress (never backwards), so the timeline and the run agree.
 */
export async function appendEvent(
  db: Db,
  researchId: number,
  type: ResearchEventType,
  payload: EventPayload,
): Promise<number> {
  const permille = Math.round(Math.min(1, Math.max(0, payload.progress)) * 1000);
  const [row] = await queryRows<{ seq: number }>(
    db,
    sql`with moved as (
          update researches set stage = ${payload.stage},
            progress_permille = greatest(progress_permille, ${permille}::int)
          where id = ${researchId} returning id)
        insert into research_events (research_id, seq, type, payload)
        select ${researchId}, coalesce((select max(seq) from research_events where research_id = ${researchId}), 0) + 1,
          ${type}, ${JSON.stringify({ ...payload, progress: permille / 1000 })}::jsonb
        from moved
        returning seq`,
  );
  return Number(row?.seq ?? 0);
}

/** The run's events after `seq`, in order (a reader's replay from Last-Event-ID). */
export async function eventsAfter(db: Db, researchId: number, seq: number): Promise<ResearchEvent[]> {
  const rows = await db
    .select()
    .from(researchEvents)
    .where(and(eq(researchEvents.researchId, researchId), gt(researchEvents.seq, seq)))
    .orderBy(asc(researchEvents.seq))
    .limit(500);
  return rows.map((row) => {
    const payload = row.payload as EventPayload;
    return {
      seq: row.seq,
      type: row.type as ResearchEventType,
      label: payload.label,
      stage: payload.stage,
      progress: payload.progress,
      at: row.createdAt.toISOString(),
    };
  });
}

export function toResearch(row: ResearchRow, sourcesCount: number): Research {
  return {
    id: row.id,
    business_id: row.businessId,
    status: row.status,
    mode: row.mode,
    stage: row.stage,
    progress: row.progress / 1000,
    error: row.error,
    partial: row.partial,
    tokens_used: row.tokensUsed,
    max_tokens: row.maxTokens,
    sources_count: sourcesCount,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

function toSource(row: SourceRow): ResearchSource {
  return {
    number: row.number,
    url: row.url,
    title: row.title,
    excerpt: row.excerpt,
    fetched_at: row.fetchedAt.toISOString(),
  };
}

/** A business's latest run, whatever its status. */
export async function latestRun(db: Db, businessId: number): Promise<ResearchRow | undefined> {
  const [row] = await db
    .select()
    .from(researches)
    .where(eq(researches.businessId, businessId))
    .orderBy(desc(researches.id))
    .limit(1);
  return row;
}

export async function sourcesOf(db: Db, researchId: number): Promise<SourceRow[]> {
  return db
    .select()
    .from(researchSources)
    .where(eq(researchSources.researchId, researchId))
    .orderBy(asc(researchSources.number));
}

/** The header's counts: claims checked against their sources, supported, downgraded; what was removed. */
function reviewOf(sections: ReportSection[]): ReportReview {
  const claims = sections.flatMap((s) => s.claims);
  const supported = claims.filter((c) => c.quote !== undefined).length;
  const downgraded = claims.filter((c) => c.downgraded !== undefined).length;
  return {
    checked: supported + downgraded,
    supported,
    downgraded,
    instructions_removed: sections.reduce((sum, s) => sum + (s.review?.instructions_removed ?? 0), 0),
    links_removed: sections.reduce((sum, s) => sum + (s.review?.links_removed ?? 0), 0),
    not_spanish: sections.flatMap((s) => s.review?.not_spanish ?? []),
  };
}

/** A stored pass over a question (notes[id] and its follow-ups notes[id+n]), as far as provenance reads it. */
interface StoredPass {
  queries?: string[];
  sources?: number[];
  fallback?: boolean;
  findings?: Array<{ sources: number[] }>;
}

/** Per planned question: what was searched, the sources read, and whether it fell back to the model. */
function questionsOf(row: ResearchRow): ResearchQuestion[] {
  if (!Array.isArray(row.plan) || row.mode === 'none') return [];
  const notes = row.notes as Record<string, StoredPass>;
  return (row.plan as Array<{ id: string; question: string; sections?: ReportSectionKey[] }>).map((q) => {
    const passes = Object.entries(notes)
      .filter(([key]) => key === q.id || key.startsWith(`${q.id}+`))
      .map(([, pass]) => pass);
    const sources = [
      ...new Set(passes.flatMap((p) => p.sources ?? (p.findings ?? []).flatMap((f) => f.sources))),
    ].sort((a, b) => a - b);
    return {
      question: q.question,
      queries: [...new Set(passes.flatMap((p) => p.queries ?? []))],
      sources,
      fallback: row.mode !== 'web' || (passes.length > 0 && sources.length === 0),
      sections: q.sections ?? [],
    };
  });
}

/** The report as the API gives it: the written sections in the fixed order, and the sources. */
export function toReport(row: ResearchRow, businessName: string, sources: SourceRow[]): ResearchReport {
  const written = row.sections as Record<string, ReportSection>;
  const sections = REPORT_SECTIONS.flatMap(({ key }) => (written[key] ? [written[key]] : []));
  return {
    ...toResearch(row, sources.length),
    business_name: businessName,
    sections,
    sources: sources.map(toSource),
    missing: row.missing as string[],
    duration_ms:
      row.startedAt && row.completedAt ? row.completedAt.getTime() - row.startedAt.getTime() : null,
    review: reviewOf(sections),
    questions: questionsOf(row),
  };
}

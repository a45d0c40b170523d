import {
  hasAdvancedSources,
  REPORT_SECTIONS,
  type ReportClaim,
  type ReportSection,
  type ReportSectionKey,
  type ResearchMode,
} from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { researches } from '../../../db/schema/index.ts';
import { gather, type Missing, type QuestionPass } from './gather-step.ts';
import { type PlannedQuestion, planQuestions } from './plan-step.ts';
import { PROGRESS } from './progress.ts';
import { CUT_SHORT, RUN_TEXT } from './report-text.es.ts';
import {
  event,
  loadRun,
  outOfTime,
  ResearchFailure,
  type ResearchRunDeps,
  type RunContext,
} from './run-context.ts';
import { scaffoldReport } from './scaffold.es.ts';
import { SourceLibrary } from './sources.ts';
import { writeSections } from './write-step.ts';

export { ResearchFailure, type ResearchRunDeps } from './run-context.ts';

/**
 * How a run is made: without a model, a scaffold; with a search provider and a plan with advanced
 * sources (CEO), the web; otherwise the model's own knowledge.
 */
export function chooseMode(deps: ResearchRunDeps, planId: number): ResearchMode {
  // The demo model writes a labelled example study through the real pipeline (ADR 0044), from its knowledge.
  if (deps.assistant.label === null) return 'none';
  if (deps.assistant.demo) return 'model';
  return deps.search !== null && hasAdvancedSources(planId) ? 'web' : 'model';
}

/** Whether the budget or the time left work undone, and which first. */
const cutShort = (missing: Missing[]): 'budget' | 'time' | undefined => {
  const cause = missing.find((m) => m.cause === 'budget' || m.cause === 'time')?.cause;
  return cause === 'budget' || cause === 'time' ? cause : undefined;
};

/**
 * The summary when the model could not write one (the budget's reserve did not cover it, it failed, or
 * there was nothing to summarise): what the run found, and why it is incomplete. A run always ends in a
 * report (jina-ai/node-DeepResearch forces a final answer the same way), without spending past its budget.
 */
function fallbackSummary(
  ctx: RunContext,
  sections: Partial<Record<ReportSectionKey, ReportSection>>,
  plan: PlannedQuestion[],
  passes: Record<string, QuestionPass[]>,
  missing: Missing[],
): ReportSection {
  const fromSections = REPORT_SECTIONS.filter(({ key }) => key !== 'resumen')
    .flatMap(({ key }) => sections[key]?.claims.slice(0, 1) ?? [])
    .slice(0, 6);
  // Findings were not checked as claims are: they are offered as estimates, never as sourced.
  const fromNotes: ReportClaim[] =
    fromSections.length > 0
      ? []
      : plan
          .flatMap((q) => passes[q.id]?.[0]?.findings.slice(0, 1) ?? [])
          .slice(0, 5)
          .map((f) => ({ text: f.text, kind: ctx.mode === 'web' ? 'estimacion' : 'modelo', sources: [] }));
  const cause = cutShort(missing);
  const why: ReportClaim[] = cause ? [{ text: CUT_SHORT[cause], kind: 'estimacion', sources: [] }] : [];
  return {
    key: 'resumen',
    title: REPORT_SECTIONS[0].title,
    claims: [...why, ...fromSections, ...fromNotes],
    score: null,
  };
}

async function store(
  ctx: RunContext,
  sections: Partial<Record<ReportSectionKey, ReportSection>>,
  missing: string[],
) {
  const summary = sections.resumen?.claims.map((c) => c.text).join('\n') ?? '';
  await ctx.deps.db
    .update(researches)
    .set({
      sections,
      missing,
      partial: missing.length > 0,
      summary,
      status: 'completed',
      stage: 'done',
      progress: 1000,
      completedAt: new Date(),
      heartbeatAt: null,
      error: null,
      // The owner's mail is due with the report, in the same statement (ADR 0050); a scaffold researched
      // nothing and the founder is looking at it already, and a demo example is no study to announce: no mail.
      mailState: ctx.mode === 'none' || ctx.deps.assistant.demo ? 'skipped' : 'due',
      mailAt: null,
    })
    .where(eq(researches.id, ctx.id));
  await event(ctx, {
    type: 'completed',
    label: missing.length > 0 ? RUN_TEXT.completedPartial : RUN_TEXT.completed,
    stage: 'done',
    progress: PROGRESS.done,
  });
}

/**
 * Works one claimed run to its end, from where it was: plan → gather (first pass, then follow-ups) →
 * write section by section (each checked against the stored sources as it is written) → store. Every
 * step goes through the step runner, so it is stored when done and skipped when found stored. Running
 * out of budget or time gives a partial report; a failure the run cannot recover from throws
 * ResearchFailure.
 */
export async function runResearch(
  deps: ResearchRunDeps,
  researchId: number,
  signal: AbortSignal,
): Promise<void> {
  let ctx = await loadRun(deps, researchId, signal);
  if (!ctx.run.mode) {
    const mode = chooseMode(deps, ctx.planId);
    await deps.db.update(researches).set({ mode }).where(eq(researches.id, researchId));
    ctx = { ...ctx, mode, run: { ...ctx.run, mode } };
  }
  if (ctx.mode === 'none') {
    await event(ctx, { type: 'stage', label: RUN_TEXT.scaffold, stage: 'writing', progress: 0.5 });
    await store(ctx, scaffoldReport(ctx.business), []);
    return;
  }

  const missing: Missing[] = [];
  let plan: PlannedQuestion[] = [];
  if (Array.isArray(ctx.run.plan) || !outOfTime(ctx)) plan = await planQuestions(ctx);
  // A run handed back after its time ran out (a long outage): nothing more is asked of the model.
  else missing.push({ text: RUN_TEXT.noTimeToPlan, cause: 'time' });
  const library = await SourceLibrary.load(deps.db, researchId);
  const gathered = await gather(ctx, plan, library);
  signal.throwIfAborted();
  const written = await writeSections(ctx, plan, gathered.passes, library);
  missing.push(...gathered.missing, ...written.missing);

  await event(ctx, {
    type: 'stage',
    label: RUN_TEXT.checking,
    stage: 'checking',
    progress: PROGRESS.checking,
  });
  const sections = written.sections;
  const topical = REPORT_SECTIONS.filter(({ key }) => key !== 'resumen' && sections[key]);
  // Nothing written because every call failed is a failure; because the budget or the time ran out,
  // it is a partial report.
  if (topical.length === 0 && cutShort(missing) === undefined)
    throw new ResearchFailure(RUN_TEXT.nothingWritten);
  sections.resumen ??= fallbackSummary(ctx, sections, plan, gathered.passes, missing);
  await store(
    ctx,
    sections,
    missing.map((m) => m.text),
  );
}

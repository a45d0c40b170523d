import {
  hasAdvancedSources,
  REPORT_SECTIONS,
  type ReportClaim,
  type ReportSection,
  type ResearchMode,
} from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { researches } from '../../../db/schema/index.ts';
import { sourcesOf } from '../store.ts';
import { checkCitations } from './check.ts';
import { gather, type QuestionNotes } from './gather-step.ts';
import { type PlannedQuestion, planQuestions } from './plan-step.ts';
import {
  event,
  loadRun,
  outOfTime,
  ResearchFailure,
  type ResearchRunDeps,
  type RunContext,
} from './run-context.ts';
import { scaffoldReport } from './scaffold.ts';
import { writeSections } from './write-step.ts';

export { ResearchFailure, type ResearchRunDeps } from './run-context.ts';

/**
 * How a run is made (issue 14): without a model, a scaffold; with a search provider and a plan with
 * advanced sources (CEO), the web; otherwise the model's own knowledge.
 */
export function chooseMode(deps: ResearchRunDeps, planId: number): ResearchMode {
  // The demo mentor only has canned answers: a scaffold is honest, a 'researched' report would not be.
  if (deps.assistant.label === null || deps.assistant.demo) return 'none';
  return deps.search !== null && hasAdvancedSources(planId) ? 'web' : 'model';
}

const CUT_SHORT = {
  budget:
    'Estudio incompleto: el presupuesto de la investigación se agotó antes de terminarla. Al final se listan las partes que no se pudieron investigar.',
  time: 'Estudio incompleto: el tiempo de la investigación se agotó antes de terminarla. Al final se listan las partes que no se pudieron investigar.',
} as const;

/**
 * The summary when the model could not write one (the budget's reserve did not cover it, it failed, or
 * there was nothing to summarise): what the run found, and why it is incomplete. A run always ends in a
 * report (jina-ai/node-DeepResearch forces a final answer the same way), without spending past its budget.
 */
function fallbackSummary(
  ctx: RunContext,
  sections: Record<string, ReportSection>,
  plan: PlannedQuestion[],
  notes: Record<string, QuestionNotes>,
): ReportSection {
  const fromSections = REPORT_SECTIONS.filter(({ key }) => key !== 'resumen')
    .flatMap(({ key }) => sections[key]?.claims.slice(0, 1) ?? [])
    .slice(0, 6);
  const fromNotes: ReportClaim[] =
    fromSections.length > 0
      ? []
      : plan
          .flatMap((q) => notes[q.id]?.findings.slice(0, 1) ?? [])
          .slice(0, 5)
          .map((f) => ({
            text: f.text,
            kind: f.sources.length > 0 ? 'fuente' : ctx.mode === 'web' ? 'estimacion' : 'modelo',
            sources: f.sources,
          }));
  const why: ReportClaim[] = ctx.cutShort
    ? [{ text: CUT_SHORT[ctx.cutShort], kind: 'estimacion', sources: [] }]
    : [];
  return {
    key: 'resumen',
    title: REPORT_SECTIONS[0].title,
    claims: [...why, ...fromSections, ...fromNotes],
    score: null,
  };
}

async function store(ctx: RunContext, sections: Record<string, ReportSection>, missing: string[]) {
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
    })
    .where(eq(researches.id, ctx.id));
  await event(
    ctx,
    'completed',
    missing.length > 0 ? 'Estudio terminado, con partes sin investigar' : 'Estudio de mercado terminado',
    'done',
    1,
  );
}

/**
 * Works one claimed run to its end, from where it was: plan → gather → write section by section →
 * check → store. Every step is stored when done and skipped when found stored. Running out of budget or
 * time gives a partial report; a failure the run cannot recover from throws ResearchFailure.
 */
export async function runResearch(
  deps: ResearchRunDeps,
  researchId: number,
  signal: AbortSignal,
): Promise<void> {
  const ctx = await loadRun(deps, researchId, signal);
  if (!ctx.run.mode) {
    ctx.mode = chooseMode(deps, ctx.planId);
    await deps.db.update(researches).set({ mode: ctx.mode }).where(eq(researches.id, researchId));
    ctx.run.mode = ctx.mode;
  }
  if (ctx.mode === 'none') {
    await event(ctx, 'stage', 'Sin modelo de IA: se prepara una plantilla para completar', 'writing', 0.5);
    await store(ctx, scaffoldReport(ctx.business), []);
    return;
  }

  const missing: string[] = [];
  let plan: PlannedQuestion[] = [];
  if (Array.isArray(ctx.run.plan) || !outOfTime(ctx)) plan = await planQuestions(ctx);
  else {
    // A run handed back after its time ran out (a long outage): nothing more is asked of the model.
    ctx.cutShort = 'time';
    missing.push('No se pudo investigar: se agotó el tiempo antes de planificar el estudio.');
  }
  const notes = await gather(ctx, plan, missing);
  signal.throwIfAborted();
  const sources = (await sourcesOf(deps.db, researchId)).map((s) => ({
    number: s.number,
    url: s.url,
    title: s.title,
  }));
  const sections = await writeSections(ctx, plan, notes, sources, missing);

  await event(ctx, 'stage', 'Revisando citas e idioma', 'checking', 0.92);
  const written = REPORT_SECTIONS.filter(({ key }) => key !== 'resumen' && sections[key]);
  // Nothing written because every call failed is a failure; because the budget or the time ran out,
  // it is a partial report.
  if (written.length === 0 && ctx.cutShort === null) {
    throw new ResearchFailure(
      'No se pudo escribir el estudio: el modelo de IA no respondió como se esperaba. Puedes reintentarlo.',
    );
  }
  // A resumed run's sections were checked when written; checking again is cheap and keeps the rule in one place.
  const checked: Record<string, ReportSection> = {};
  for (const { key } of REPORT_SECTIONS) {
    const section =
      sections[key] ?? (key === 'resumen' ? fallbackSummary(ctx, sections, plan, notes) : undefined);
    if (section) checked[key] = checkCitations(section, sources, ctx.mode).section;
  }
  await store(ctx, checked, missing);
}

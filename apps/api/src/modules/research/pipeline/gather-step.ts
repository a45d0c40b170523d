import { countryProfile, OFFICIAL_SOURCES, type OfficialSourceKind, researchDepth } from '@rumbo/contract';
import { z } from 'zod';
import { businessProfile } from '../../../ai/prompts/mentor.es.ts';
import {
  notesFromKnowledgePrompt,
  notesFromSourcesPrompt,
  RESEARCH_SYSTEM,
  type SourceForPrompt,
} from '../../../ai/prompts/research.es.ts';
import { hostOf } from '../../../lib/outside-text.ts';
import { grounding } from '../grounding/grounding-process.ts';
import { PageRefused } from '../web/fetch-page.ts';
import { mayGather } from './budget.ts';
import type { PlannedQuestion } from './plan-step.ts';
import { PROGRESS, within } from './progress.ts';
import { RUN_TEXT } from './report-text.es.ts';
import { askModel, event, outOfTime, type RunContext } from './run-context.ts';
import { rankResults, type SourceLibrary } from './sources.ts';
import { runStep, type Step, storedResult } from './step-runner.ts';

export const notesSchema = z.object({
  findings: z
    .array(z.object({ text: z.string().min(1).max(1200), sources: z.array(z.number().int()).default([]) }))
    .max(8),
  follow_up: z.array(z.string().max(200)).max(5).default([]),
});

export interface Finding {
  text: string;
  sources: number[];
}

/** One search pass over a question: what was asked, read and learned, and what is still missing. */
export interface QuestionPass {
  findings: Finding[];
  queries: string[];
  /** The sources read for it. */
  sources: number[];
  /** Searches the model says would answer what is missing. */
  followUp: string[];
  /** No page could be read: the findings are the model's own knowledge. */
  fallback: boolean;
}

/** Why something was left out of the report: it is listed, and budget or time make the report partial. */
export interface Missing {
  text: string;
  cause: 'budget' | 'time' | 'failed' | 'room';
}

const RESULTS_PER_QUERY = 6;
const PAGES_FIRST_PASS = 3;
const PAGES_FOLLOW_UP = 2;
/** A question is thin when fewer of its findings than this are supported by a source. */
const SUPPORTED_ENOUGH = 2;

/** A stored pass; passes stored before follow-ups existed have only findings. */
function asPass(raw: unknown): QuestionPass {
  const pass = raw as Partial<QuestionPass> & { findings: Finding[] };
  const sources = pass.sources ?? [...new Set(pass.findings.flatMap((f) => f.sources))];
  return {
    findings: pass.findings,
    queries: pass.queries ?? [],
    sources,
    followUp: pass.followUp ?? [],
    fallback: pass.fallback ?? sources.length === 0,
  };
}

/** Reads the pages of `queries` (each at most once a run) and gives the model the passages that answer. */
async function readPages(
  ctx: RunContext,
  library: SourceLibrary,
  question: PlannedQuestion,
  queries: string[],
  wanted: number,
  progress: number,
): Promise<SourceForPrompt[]> {
  const search = ctx.deps.search;
  if (!search) return [];
  const read = new Map<number, SourceForPrompt>();
  for (const query of queries) {
    let results: Awaited<ReturnType<typeof search.search>>;
    try {
      results = await search.search(query, {
        limit: RESULTS_PER_QUERY,
        signal: ctx.signal,
        locale: countryProfile(ctx.business.location),
      });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      ctx.deps.logger.warn({ err: error, researchId: ctx.id }, 'research search failed');
      await event(ctx, {
        type: 'warning',
        label: RUN_TEXT.searchFailed(query),
        stage: 'gathering',
        progress,
      });
      continue;
    }
    let taken = 0;
    for (const result of rankResults(results, ctx.business.location)) {
      if (taken >= wanted) break;
      let source = library.atUrl(result.url);
      if (!source) {
        try {
          const page = await ctx.deps.fetchPage(result.url, ctx.signal);
          if (page.text.length < 200) continue;
          const stored = await library.store(ctx.deps.db, ctx.id, {
            url: page.url,
            title: page.title || result.title || page.url,
            text: page.text,
          });
          source = stored.source;
          if (stored.added) {
            await event(ctx, {
              type: 'source',
              label: RUN_TEXT.sourceRead(source.number, source.title),
              stage: 'gathering',
              progress,
            });
          }
        } catch (error) {
          if (ctx.signal.aborted) throw error;
          const reason = error instanceof PageRefused ? error.message : RUN_TEXT.pageUnreadable;
          await pageNotRead(ctx, result.url, reason, progress);
          continue;
        }
      }
      if (read.has(source.number)) continue;
      let passages: string;
      try {
        // The question and the searches made for it: both say what the passages must be about.
        passages = await grounding.passagesFor(source.text, `${question.question} ${queries.join(' ')}`);
      } catch (error) {
        // The grounding process failed twice on it: the page is left out, like one that could not be read.
        if (ctx.signal.aborted) throw error;
        ctx.deps.logger.warn({ err: error, researchId: ctx.id }, 'research passages failed');
        await pageNotRead(ctx, result.url, RUN_TEXT.pageUnreadable, progress);
        continue;
      }
      taken += 1;
      read.set(source.number, { number: source.number, title: source.title, text: passages });
    }
  }
  return [...read.values()];
}

function pageNotRead(ctx: RunContext, url: string, reason: string, progress: number) {
  return event(ctx, {
    type: 'warning',
    label: RUN_TEXT.pageNotRead(hostOf(url) ?? url, reason),
    stage: 'gathering',
    progress,
  });
}

/** One pass over a question as a step of the runner: search, read, ask for findings, store them. */
function passStep(
  ctx: RunContext,
  library: SourceLibrary,
  question: PlannedQuestion,
  key: string,
  queries: string[],
  progress: number,
): Step<QuestionPass> {
  const followUp = key !== question.id;
  return {
    slot: { column: 'notes', key },
    async make(meter) {
      const sources =
        ctx.mode === 'web'
          ? await readPages(
              ctx,
              library,
              question,
              queries,
              followUp ? PAGES_FOLLOW_UP : PAGES_FIRST_PASS,
              progress,
            )
          : [];
      const profile = businessProfile(ctx.business);
      const result = await askModel(ctx, meter, notesSchema, {
        system: RESEARCH_SYSTEM,
        prompt:
          sources.length > 0
            ? notesFromSourcesPrompt(profile, question.question, sources)
            : notesFromKnowledgePrompt(profile, question.question),
        maxOutputTokens: 800,
      });
      const read = new Set(sources.map((s) => s.number));
      return {
        findings: result.findings.map((f) => ({
          text: f.text,
          sources: f.sources.filter((n) => read.has(n)),
        })),
        queries: ctx.mode === 'web' ? queries : [],
        sources: [...read],
        followUp: result.follow_up.map((q) => q.trim()).filter((q) => q.length >= 3),
        fallback: read.size === 0,
      };
    },
    done: () => ({
      type: 'stage',
      label: followUp ? RUN_TEXT.followedUp(question.question) : RUN_TEXT.researched(question.question),
      stage: 'gathering',
      progress,
    }),
  };
}

/**
 * Whether a question needs more: few findings its sources support, a 'Falta dato', a gap the model named.
 * The support is checked in the grounding process, given the sources the findings cite.
 */
async function isThin(passes: QuestionPass[], library: SourceLibrary): Promise<boolean> {
  const findings = passes.flatMap((p) => p.findings);
  const cited = [...new Set(findings.flatMap((f) => f.sources))].flatMap((n) => {
    const source = library.get(n);
    return source ? [{ number: source.number, text: source.text }] : [];
  });
  const supported = await grounding.supported(
    findings.map((f) => ({ text: f.text, sources: f.sources })),
    cited,
  );
  const gap = findings.some((f) => /falta dato/i.test(f.text)) || (passes.at(-1)?.followUp.length ?? 0) > 0;
  return supported < SUPPORTED_ENOUGH || gap;
}

const REGULATORY = /trámite|tramite|licencia|regula|ley|normativ|impuesto|fiscal|permiso/i;

/**
 * The follow-up searches of a thin question: the country's official source first when none was read for
 * it (steering the search to it by name), then the searches the model named, none asked before.
 */
function followUpQueries(
  ctx: RunContext,
  question: PlannedQuestion,
  passes: QuestionPass[],
  library: SourceLibrary,
  breadth: number,
): string[] {
  const asked = new Set(passes.flatMap((p) => p.queries.map((q) => q.toLowerCase())));
  const officials = OFFICIAL_SOURCES[ctx.business.location] ?? [];
  const readOfficial = passes
    .flatMap((p) => p.sources)
    .some((n) => {
      const host = hostOf(library.get(n)?.url ?? '');
      return host !== null && officials.some((o) => host === o.domain || host.endsWith(`.${o.domain}`));
    });
  const kinds: OfficialSourceKind[] = question.sections?.includes('ayudas')
    ? ['ayudas', 'ministerio']
    : REGULATORY.test(question.question)
      ? ['boletin', 'fiscal', 'registro', 'ministerio']
      : ['estadistica', 'camara', 'ministerio'];
  const official = kinds.flatMap((kind) => officials.filter((o) => o.kind === kind))[0];
  const candidates = [
    ...(official && !readOfficial ? [`${question.query} ${official.name}`] : []),
    ...(passes.at(-1)?.followUp ?? []),
  ];
  const queries: string[] = [];
  for (const query of candidates) {
    if (queries.length >= breadth) break;
    if (asked.has(query.toLowerCase())) continue;
    asked.add(query.toLowerCase());
    queries.push(query);
  }
  return queries;
}

/**
 * Answers each planned question: a first pass for every question (pages found by the search provider
 * in mode web, the model's own knowledge in mode model), then, in mode web, rounds of follow-up searches
 * for the questions still thin, within the plan's breadth × depth and the gathering budget. Returns the
 * passes per question and what could not be researched.
 */
export async function gather(
  ctx: RunContext,
  plan: PlannedQuestion[],
  library: SourceLibrary,
): Promise<{ passes: Record<string, QuestionPass[]>; missing: Missing[] }> {
  const passes: Record<string, QuestionPass[]> = {};
  const missing: Missing[] = [];
  const { from } = PROGRESS.gathering;
  if (plan.length > 0)
    await event(ctx, { type: 'stage', label: RUN_TEXT.gathering, stage: 'gathering', progress: from });
  for (const [index, question] of plan.entries()) {
    const progress = within(PROGRESS.gathering, index + 1, plan.length);
    const stored = storedResult(ctx, { column: 'notes', key: question.id });
    if (stored === undefined && (!mayGather(ctx) || outOfTime(ctx))) {
      missing.push({
        text: RUN_TEXT.notResearched(question.question),
        cause: outOfTime(ctx) ? 'time' : 'budget',
      });
      continue;
    }
    try {
      const first = await runStep(
        ctx,
        passStep(ctx, library, question, question.id, [question.query], progress),
      );
      passes[question.id] = [asPass(first)];
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      ctx.deps.logger.warn({ err: error, researchId: ctx.id }, 'research question failed');
      missing.push({ text: RUN_TEXT.notResearched(question.question), cause: 'failed' });
      await event(ctx, {
        type: 'warning',
        label: RUN_TEXT.notResearchedEvent(question.question),
        stage: 'gathering',
        progress,
      });
    }
  }
  if (ctx.mode !== 'web') return { passes, missing };

  const { breadth, depth } = researchDepth(ctx.planId);
  for (let round = 1; round <= depth; round++) {
    const width = Math.max(1, breadth >> (round - 1));
    for (const question of plan) {
      const done = passes[question.id];
      if (!done || done.length < round) continue;
      const key = `${question.id}+${round}`;
      const stored = storedResult(ctx, { column: 'notes', key });
      if (stored === undefined) {
        // Depth is what the budget allows after every question had its first pass: nothing is listed as missing.
        if (!mayGather(ctx) || outOfTime(ctx)) continue;
        let thin: boolean;
        try {
          thin = await isThin(done, library);
        } catch (error) {
          // The grounding process failed twice on it: the question keeps what it has.
          ctx.deps.logger.warn({ err: error, researchId: ctx.id }, 'research support check failed');
          thin = false;
        }
        if (!thin) continue;
      }
      const queries = stored === undefined ? followUpQueries(ctx, question, done, library, width) : [];
      if (stored === undefined && queries.length === 0) continue;
      try {
        const pass = await runStep(
          ctx,
          passStep(ctx, library, question, key, queries, PROGRESS.gathering.to),
        );
        done.push(asPass(pass));
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        ctx.deps.logger.warn({ err: error, researchId: ctx.id }, 'research follow-up failed');
      }
    }
  }
  return { passes, missing };
}

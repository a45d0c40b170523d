import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { businessProfile } from '../../../ai/prompts/mentor.es.ts';
import {
  notesFromKnowledgePrompt,
  notesFromSourcesPrompt,
  RESEARCH_SYSTEM,
  type SourceForPrompt,
} from '../../../ai/prompts/research.es.ts';
import { type Db, queryRows } from '../../../db/client.ts';
import { PageRefused } from '../web/fetch-page.ts';
import { mayGather } from './budget.ts';
import type { PlannedQuestion } from './plan-step.ts';
import { askModel, event, outOfTime, type RunContext, saveStep, spend } from './run-context.ts';

export const notesSchema = z.object({
  findings: z
    .array(z.object({ text: z.string().min(1).max(1200), sources: z.array(z.number().int()).default([]) }))
    .max(8),
});

/** What was learned about one question: findings, each with the numbers of the sources it rests on. */
export interface QuestionNotes {
  findings: Array<{ text: string; sources: number[] }>;
}

const RESULTS_PER_QUESTION = 4;
const PAGES_PER_QUESTION = 3;
/** Characters of each page the model reads for a question (the budget holds six questions of three pages). */
const PAGE_CHARS = 2_400;

/**
 * Stores a page as the run's next numbered source (or finds it, when an earlier attempt stored it) and
 * returns its number.
 */
async function storeSource(db: Db, researchId: number, page: { url: string; title: string; text: string }) {
  const [row] = await queryRows<{ number: number }>(
    db,
    sql`with existing as (select number from research_sources where research_id = ${researchId} and url = ${page.url}),
        inserted as (
          insert into research_sources (research_id, number, url, title, excerpt)
          select ${researchId}, coalesce((select max(number) from research_sources where research_id = ${researchId}), 0) + 1,
            ${page.url}, ${page.title.slice(0, 300)}, ${page.text.slice(0, 1_000)}
          where not exists (select 1 from existing)
          returning number)
        select number from inserted union all select number from existing`,
  );
  return Number(row?.number);
}

async function readSources(ctx: RunContext, question: PlannedQuestion, progress: number) {
  const search = ctx.deps.search;
  if (!search) return [];
  const results = await search.search(question.query, { limit: RESULTS_PER_QUESTION, signal: ctx.signal });
  const read: SourceForPrompt[] = [];
  for (const result of results) {
    if (read.length >= PAGES_PER_QUESTION) break;
    try {
      const page = await ctx.deps.fetchPage(result.url, ctx.signal);
      if (page.text.length < 200) continue;
      const title = page.title || result.title || page.url;
      const number = await storeSource(ctx.deps.db, ctx.id, { url: page.url, title, text: page.text });
      read.push({ number, title, text: page.text.slice(0, PAGE_CHARS) });
      await event(
        ctx,
        'source',
        `Leída la fuente [${number}]: ${title.slice(0, 120)}`,
        'gathering',
        progress,
      );
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      const reason = error instanceof PageRefused ? error.message : 'La página no se pudo leer.';
      await event(
        ctx,
        'warning',
        `No se leyó ${new URL(result.url).hostname}: ${reason}`,
        'gathering',
        progress,
      );
    }
  }
  return read;
}

/**
 * Answers each planned question once, storing its findings: from pages found by the search provider
 * (mode web) or from the model's own knowledge (mode model). A question that fails, or that the budget
 * or the time limit leave out, is listed as not researched.
 */
export async function gather(ctx: RunContext, plan: PlannedQuestion[], missing: string[]) {
  const notes = { ...(ctx.run.notes as Record<string, QuestionNotes>) };
  await event(ctx, 'stage', 'Reuniendo información', 'gathering', 0.12);
  const profile = businessProfile(ctx.business);
  for (const [index, question] of plan.entries()) {
    if (notes[question.id]) continue;
    const progress = 0.12 + (0.33 * (index + 1)) / plan.length;
    if (!mayGather(ctx) || outOfTime(ctx)) {
      ctx.cutShort ??= outOfTime(ctx) ? 'time' : 'budget';
      missing.push(`No se pudo investigar: ${question.question}`);
      continue;
    }
    try {
      const sources = ctx.mode === 'web' ? await readSources(ctx, question, progress) : [];
      const prompt =
        sources.length > 0
          ? notesFromSourcesPrompt(profile, question.question, sources)
          : notesFromKnowledgePrompt(profile, question.question);
      const result = await askModel(ctx, notesSchema, {
        system: RESEARCH_SYSTEM,
        prompt,
        maxOutputTokens: 700,
      });
      await spend(ctx, (result.usage.inputTokens ?? 0) + (result.usage.outputTokens ?? 0));
      const found = new Set(sources.map((s) => s.number));
      const findings = result.value.findings.map((f) => ({
        text: f.text,
        sources: f.sources.filter((n) => found.has(n)),
      }));
      notes[question.id] = { findings };
      await saveStep(ctx, 'notes', question.id, notes[question.id]);
      await event(ctx, 'stage', `Investigada: ${question.question.slice(0, 140)}`, 'gathering', progress);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      ctx.deps.logger.warn({ err: error, researchId: ctx.id }, 'research question failed');
      missing.push(`No se pudo investigar: ${question.question}`);
      await event(
        ctx,
        'warning',
        `No se pudo investigar: ${question.question.slice(0, 140)}`,
        'gathering',
        progress,
      );
    }
  }
  ctx.run.notes = notes;
  return notes;
}

import { REPORT_SECTIONS, type ReportSection, type ReportSectionKey } from '@rumbo/contract';
import { z } from 'zod';
import { businessProfile } from '../../../ai/prompts/mentor.es.ts';
import { RESEARCH_SYSTEM, rewriteInSpanishPrompt, sectionPrompt } from '../../../ai/prompts/research.es.ts';
import { mayWrite, tokensOf } from './budget.ts';
import { checkCitations, isMostlySpanish } from './check.ts';
import type { QuestionNotes } from './gather-step.ts';
import type { PlannedQuestion } from './plan-step.ts';
import { askModel, event, outOfTime, type RunContext, saveStep, spend } from './run-context.ts';

export const sectionSchema = z.object({
  claims: z
    .array(
      z.object({
        text: z.string().min(1).max(2000),
        kind: z.enum(['fuente', 'estimacion', 'modelo']),
        sources: z.array(z.number().int()).default([]),
      }),
    )
    .min(1)
    .max(12),
  score: z.number().min(0).max(10).nullable().default(null),
});

const SECTION_OUTPUT_TOKENS = 900;
/** Characters of findings given to each section (the budget holds twelve sections). */
const NOTES_CHARS = 6_000;

function notesDigest(
  plan: PlannedQuestion[],
  notes: Record<string, QuestionNotes>,
  sections: ReportSection[],
) {
  const lines: string[] = [];
  for (const question of plan) {
    const found = notes[question.id];
    if (!found) continue;
    lines.push(`Pregunta: ${question.question}`);
    for (const f of found.findings) {
      lines.push(`- ${f.text}${f.sources.length ? ` ${f.sources.map((n) => `[${n}]`).join('')}` : ''}`);
    }
  }
  // The summary is written last, from the sections themselves.
  for (const section of sections) {
    lines.push(`Sección ${section.title}: ${section.claims.map((c) => c.text).join(' ')}`);
  }
  return lines.join('\n').slice(0, NOTES_CHARS);
}

async function writeOne(
  ctx: RunContext,
  key: ReportSectionKey,
  title: string,
  notes: string,
  sources: Array<{ number: number; url: string; title: string }>,
): Promise<ReportSection> {
  const prompt = sectionPrompt({
    profile: businessProfile(ctx.business),
    title,
    key,
    mode: ctx.mode,
    goal: ctx.business.goal,
    notes,
    sources,
  });
  const ask = (text: string) =>
    askModel(ctx, sectionSchema, {
      system: RESEARCH_SYSTEM,
      prompt: text,
      maxOutputTokens: SECTION_OUTPUT_TOKENS,
    });
  const first = await ask(prompt);
  await spend(ctx, (first.usage.inputTokens ?? 0) + (first.usage.outputTokens ?? 0));
  let written: ReportSection = {
    key,
    title,
    claims: first.value.claims,
    score: key === 'viabilidad' ? first.value.score : null,
  };
  if (!isMostlySpanish(written.claims.map((c) => c.text).join(' '))) {
    // Reports drift into English (gpt-researcher#1057, #1100): the section is rewritten once.
    await event(
      ctx,
      'warning',
      `La sección «${title}» no estaba en español: se reescribe`,
      'writing',
      ctx.run.progress / 1000,
    );
    const again = await ask(
      rewriteInSpanishPrompt(JSON.stringify({ claims: written.claims, score: written.score })),
    );
    await spend(ctx, (again.usage.inputTokens ?? 0) + (again.usage.outputTokens ?? 0));
    written = {
      key,
      title,
      claims: again.value.claims,
      score: key === 'viabilidad' ? again.value.score : null,
    };
  }
  return checkCitations(written, sources, ctx.mode).section;
}

/**
 * Writes the report section by section, each stored as soon as it is written (a resumed run never
 * writes it again); the summary last, from the others, using the budget's reserve. A section that the
 * budget or the time limit leave out, or that fails, is listed as missing.
 */
export async function writeSections(
  ctx: RunContext,
  plan: PlannedQuestion[],
  notes: Record<string, QuestionNotes>,
  sources: Array<{ number: number; url: string; title: string }>,
  missing: string[],
): Promise<Record<string, ReportSection>> {
  const sections = { ...(ctx.run.sections as Record<string, ReportSection>) };
  await event(ctx, 'stage', 'Redactando el informe', 'writing', 0.46);
  const order = [...REPORT_SECTIONS.filter((s) => s.key !== 'resumen'), REPORT_SECTIONS[0]];
  for (const [index, { key, title }] of order.entries()) {
    if (sections[key]) continue;
    const isSummary = key === 'resumen';
    const digest = notesDigest(plan, notes, isSummary ? Object.values(sections) : []);
    const progress = 0.46 + (0.44 * (index + 1)) / order.length;
    // A summary of nothing would be written from the profile alone: the run's own summary says what
    // is missing instead (run-research.ts).
    if (isSummary && Object.keys(sections).length === 0) continue;
    const fits = mayWrite(ctx, tokensOf(digest) + 700 + SECTION_OUTPUT_TOKENS, isSummary);
    if (!fits || (outOfTime(ctx) && !isSummary)) {
      ctx.cutShort ??= fits ? 'time' : 'budget';
      if (!isSummary) missing.push(`Sin escribir por falta de ${fits ? 'tiempo' : 'presupuesto'}: ${title}`);
      continue;
    }
    try {
      sections[key] = await writeOne(ctx, key, title, digest, sources);
      await saveStep(ctx, 'sections', key, sections[key]);
      await event(ctx, 'section', `Sección escrita: ${title}`, 'writing', progress);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      ctx.deps.logger.warn({ err: error, researchId: ctx.id, section: key }, 'research section failed');
      if (!isSummary) missing.push(`No se pudo escribir: ${title}`);
      await event(ctx, 'warning', `No se pudo escribir la sección «${title}»`, 'writing', progress);
    }
  }
  ctx.run.sections = sections;
  return sections;
}

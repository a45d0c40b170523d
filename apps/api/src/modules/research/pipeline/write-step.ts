import {
  CLAIM_KIND_LABELS,
  countryProfile,
  REPORT_SECTIONS,
  type ReportSection,
  type ReportSectionKey,
} from '@rumbo/contract';
import { z } from 'zod';
import { businessProfile } from '../../../ai/prompts/mentor.es.ts';
import {
  RESEARCH_SYSTEM,
  rewriteInSpanishPrompt,
  sectionPrompt,
  summaryPrompt,
} from '../../../ai/prompts/research.es.ts';
import { estimateTokens } from '../../../lib/estimate-tokens.ts';
import type { RawClaim } from '../grounding/check-claims.ts';
import { grounding } from '../grounding/grounding-process.ts';
import { mayWrite, RESERVE_SHARE } from './budget.ts';
import type { Missing, QuestionPass } from './gather-step.ts';
import { type PlannedQuestion, questionsFor } from './plan-step.ts';
import { PROGRESS, within } from './progress.ts';
import { RUN_TEXT } from './report-text.es.ts';
import { askModel, event, outOfTime, type RunContext, type TokenMeter } from './run-context.ts';
import type { SourceLibrary } from './sources.ts';
import { runStep } from './step-runner.ts';

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
/** The prompt around a section's material: system, profile, guide and the schema. */
const PROMPT_TOKENS = 1_000;
/** The bounds of one section's material, in characters. */
const SHARE_CHARS = { min: 2_000, max: 24_000 };

/** The sections that weigh the rest: written after the topical ones, from them. */
const WEIGHS_THE_REST = new Set<ReportSectionKey>(['dafo', 'riesgos', 'viabilidad', 'supuestos']);

const TOPICAL = REPORT_SECTIONS.filter((s) => s.key !== 'resumen' && !WEIGHS_THE_REST.has(s.key));
const WEIGHING = REPORT_SECTIONS.filter((s) => WEIGHS_THE_REST.has(s.key));

/** A section as the later sections and the summary read it: each claim with its kind and sources. */
export function sectionDigest(section: ReportSection): string {
  const claims = section.claims.map((claim) => {
    const cited = claim.sources.length > 0 ? ` ${claim.sources.map((n) => `[${n}]`).join('')}` : '';
    return `- (${CLAIM_KIND_LABELS[claim.kind]}) ${claim.text}${cited}`;
  });
  return `## ${section.title}\n${claims.join('\n')}`;
}

/**
 * A section's material: the findings of the questions that feed it, whole questions first, within
 * `share` characters. Whatever does not fit is listed, never silently cut.
 */
function materialFor(
  plan: PlannedQuestion[],
  passes: Record<string, QuestionPass[]>,
  key: ReportSectionKey,
  title: string,
  share: number,
): { notes: string; cited: number[]; missing: Missing[] } {
  const lines: string[] = [];
  const cited = new Set<number>();
  const missing: Missing[] = [];
  let used = 0;
  for (const question of questionsFor(plan, key, WEIGHS_THE_REST.has(key))) {
    // One line per finding (a page's line breaks would split it), each finding once across the passes.
    const seen = new Set<string>();
    const findings = (passes[question.id] ?? [])
      .flatMap((p) => p.findings)
      .map((f) => ({ ...f, text: f.text.replace(/\s+/g, ' ').trim() }))
      .filter((f) => !seen.has(f.text) && seen.add(f.text) !== undefined);
    if (findings.length === 0) continue;
    const head = `Pregunta: ${question.question}`;
    let left = false;
    const kept: string[] = [];
    for (const finding of findings) {
      const line = `- ${finding.text}${finding.sources.length ? ` ${finding.sources.map((n) => `[${n}]`).join('')}` : ''}`;
      if (used + head.length + line.length + 2 > share) {
        left = true;
        continue;
      }
      used += line.length + 1;
      kept.push(line);
      for (const n of finding.sources) cited.add(n);
    }
    if (kept.length > 0) {
      used += head.length + 1;
      lines.push(head, ...kept);
    }
    if (left) missing.push({ text: RUN_TEXT.noRoom(title, question.question), cause: 'room' });
  }
  return { notes: lines.join('\n'), cited: [...cited].sort((a, b) => a - b), missing };
}

/**
 * Asks for a section, then keeps only Spanish claims: those that are not are rewritten once and
 * checked again; still not Spanish, they are dropped and listed. Then the claims are checked against
 * the stored sources (grounding/check-claims.ts). Both checks run in the grounding process (ADR 0025).
 */
async function writeOne(
  ctx: RunContext,
  meter: TokenMeter,
  key: ReportSectionKey,
  title: string,
  prompt: string,
  library: SourceLibrary,
): Promise<ReportSection> {
  const ask = (text: string) =>
    askModel(ctx, meter, sectionSchema, {
      system: RESEARCH_SYSTEM,
      prompt: text,
      maxOutputTokens: SECTION_OUTPUT_TOKENS,
    });
  const first = await ask(prompt);
  let claims: RawClaim[] = first.claims;
  const spanish = await grounding.spanish(claims.map((c) => c.text));
  const foreign = claims.filter((_, i) => !spanish[i]);
  if (foreign.length > 0) {
    // Reports drift into English (gpt-researcher#1057, #1100): those claims are rewritten once.
    await event(ctx, {
      type: 'warning',
      label: RUN_TEXT.notSpanish(title),
      stage: 'writing',
      progress: ctx.run.progress / 1000,
    });
    const again = await ask(rewriteInSpanishPrompt(JSON.stringify({ claims: foreign, score: null })));
    claims = [...claims.filter((_, i) => spanish[i]), ...again.claims];
  }
  const checked = await grounding.checkSection({
    claims,
    sources: library.all().map(({ number, url, text }) => ({ number, url, text })),
    mode: ctx.mode,
    key,
    advice: countryProfile(ctx.business.location).advice,
  });
  return {
    key,
    title,
    claims: checked.claims,
    score: key === 'viabilidad' ? first.score : null,
    review: { ...checked.review, not_spanish: checked.notSpanish },
  };
}

/** The least material a section is given, in tokens (what the sections after this one are kept). */
const MIN_MATERIAL_TOKENS = 500;

/**
 * One section's share of the writing budget, in characters of material: what is left once every later
 * section is kept its least (its prompt, its answer and some material), within SHARE_CHARS.
 */
function shareOf(ctx: RunContext, sectionsLeft: number): number {
  const left = ctx.run.maxTokens * (1 - RESERVE_SHARE) - ctx.budget.spent;
  const perSection = SECTION_OUTPUT_TOKENS + PROMPT_TOKENS;
  const mine = left - (sectionsLeft - 1) * (perSection + MIN_MATERIAL_TOKENS) - perSection;
  return Math.round(Math.min(SHARE_CHARS.max, Math.max(SHARE_CHARS.min, mine * 4)));
}

const sourcesFor = (library: SourceLibrary, numbers: number[]) =>
  numbers.flatMap((n) => {
    const source = library.get(n);
    return source ? [{ number: n, title: source.title }] : [];
  });

/**
 * Writes the report section by section through the step runner, each stored as soon as it is written (a
 * resumed run never writes it again): the topical sections from their questions' findings, then DAFO,
 * riesgos, viabilidad and supuestos from the written sections (and their own questions), and the summary
 * last from all of them, with the budget's reserve. A section the budget or the time leave out, or that
 * fails, is listed as missing.
 */
export async function writeSections(
  ctx: RunContext,
  plan: PlannedQuestion[],
  passes: Record<string, QuestionPass[]>,
  library: SourceLibrary,
): Promise<{ sections: Partial<Record<ReportSectionKey, ReportSection>>; missing: Missing[] }> {
  const sections: Partial<Record<ReportSectionKey, ReportSection>> = {};
  const missing: Missing[] = [];
  await event(ctx, {
    type: 'stage',
    label: RUN_TEXT.writing,
    stage: 'writing',
    progress: PROGRESS.writing.from,
  });
  const order = [...TOPICAL, ...WEIGHING, REPORT_SECTIONS[0]];
  const profile = businessProfile(ctx.business);
  for (const [index, { key, title }] of order.entries()) {
    const progress = within(PROGRESS.writing, index + 1, order.length);
    const isSummary = key === 'resumen';
    const stored = (ctx.run.sections as Record<string, ReportSection>)[key];
    if (stored) {
      sections[key] = stored;
      continue;
    }
    const written = Object.values(sections);
    // A summary of nothing would be written from the profile alone: the run's own summary says what is
    // missing instead (run-research.ts).
    if (isSummary && written.length === 0) continue;
    let prompt: string;
    let material: ReturnType<typeof materialFor> = { notes: '', cited: [], missing: [] };
    if (isSummary) {
      const cited = [...new Set(written.flatMap((s) => s.claims.flatMap((c) => c.sources)))].sort(
        (a, b) => a - b,
      );
      prompt = summaryPrompt({
        profile,
        mode: ctx.mode,
        goal: ctx.business.goal,
        sections: written.map(sectionDigest).join('\n\n'),
        sources: sourcesFor(library, cited),
      });
    } else {
      material = materialFor(plan, passes, key, title, shareOf(ctx, order.length - index));
      const weighs = WEIGHS_THE_REST.has(key);
      const before = weighs ? written.filter((s) => !WEIGHS_THE_REST.has(s.key)) : [];
      const cited = [
        ...new Set([...material.cited, ...before.flatMap((s) => s.claims.flatMap((c) => c.sources))]),
      ];
      prompt = sectionPrompt({
        profile,
        title,
        key,
        mode: ctx.mode,
        advice: countryProfile(ctx.business.location).advice,
        goal: ctx.business.goal,
        notes: material.notes,
        written: weighs ? before.map(sectionDigest).join('\n\n') : undefined,
        sources: sourcesFor(
          library,
          cited.sort((a, b) => a - b),
        ),
      });
    }
    const fits = mayWrite(ctx, estimateTokens(prompt) + PROMPT_TOKENS + SECTION_OUTPUT_TOKENS, isSummary);
    if (!fits || (outOfTime(ctx) && !isSummary)) {
      if (!isSummary) {
        missing.push({
          text: RUN_TEXT.notWritten(title, fits ? 'tiempo' : 'presupuesto'),
          cause: fits ? 'time' : 'budget',
        });
      }
      continue;
    }
    missing.push(...material.missing);
    try {
      sections[key] = await runStep(ctx, {
        slot: { column: 'sections', key },
        make: (meter) => writeOne(ctx, meter, key, title, prompt, library),
        done: () => ({ type: 'section', label: RUN_TEXT.sectionWritten(title), stage: 'writing', progress }),
      });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      ctx.deps.logger.warn({ err: error, researchId: ctx.id, section: key }, 'research section failed');
      if (!isSummary) missing.push({ text: RUN_TEXT.notWrittenFailed(title), cause: 'failed' });
      await event(ctx, { type: 'warning', label: RUN_TEXT.sectionFailed(title), stage: 'writing', progress });
    }
  }
  return { sections, missing };
}

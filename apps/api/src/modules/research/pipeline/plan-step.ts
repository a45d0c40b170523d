import type { Business, ReportSectionKey } from '@rumbo/contract';
import { z } from 'zod';
import { businessProfile } from '../../../ai/prompts/mentor.es.ts';
import { FED_SECTIONS, planPrompt, RESEARCH_SYSTEM } from '../../../ai/prompts/research.es.ts';
import { defaultPlan, fundingQuestion } from './default-plan.es.ts';
import { PROGRESS } from './progress.ts';
import { RUN_TEXT } from './report-text.es.ts';
import { askModel, event, type RunContext } from './run-context.ts';
import { runStep, type Step } from './step-runner.ts';

export const planSchema = z.object({
  questions: z
    .array(
      z.object({
        question: z.string().min(5).max(400),
        query: z.string().min(2).max(200),
        // Lenient: a small model's unknown section names are dropped, not a reason to plan again.
        sections: z.array(z.string()).default([]),
      }),
    )
    .min(3)
    .max(8),
});

export interface PlannedQuestion {
  id: string;
  question: string;
  query: string;
  /** The sections its findings feed (stored plans from before the mapping have none). */
  sections?: ReportSectionKey[];
}

/** A question about public funding: grants, soft loans, programmes for founders (ADR 0051). */
export const FUNDING = /ayuda|subvenci|financiaci|préstamo|prestamo|programa de apoyo|incentivo/i;

/** Which sections a question feeds when the plan does not say: by the words it uses. */
const TOPICS: Array<[RegExp, ReportSectionKey[]]> = [
  [/mercado|tamañ|demanda|crec|consum/i, ['mercado']],
  [/client|segment|usuari|pagar|dispuest/i, ['segmentos']],
  [/competi|rival|alternativ/i, ['competidores']],
  [/preci|tarifa|cobra|coste|margen/i, ['precios']],
  [/canal|venta|captaci|marketing|distribu/i, ['canales']],
  [/trámite|tramite|licencia|regula|ley|normativ|impuesto|fiscal|permiso/i, ['regulacion']],
  [FUNDING, ['ayudas']],
  [/tendencia|futuro|innovaci|cambio/i, ['tendencias']],
  [/riesgo|amenaza/i, ['riesgos']],
];

function sectionsOf(question: string, named: string[]): ReportSectionKey[] {
  const valid = named.filter((key): key is ReportSectionKey =>
    (FED_SECTIONS as readonly string[]).includes(key),
  );
  if (valid.length > 0) return [...new Set(valid)];
  return [...new Set(TOPICS.flatMap(([words, keys]) => (words.test(question) ? keys : [])))];
}

/**
 * The plan's questions, each mapped to the sections it feeds, always with one on public funding for this
 * kind of business in its country (ADR 0051): the model's when it asked one, else the usual one, whose
 * search names the country's funding bodies so that their official pages come first.
 */
function planned(
  business: Business,
  questions: Array<{ question: string; query: string; sections: string[] }>,
) {
  const kept = questions.slice(0, 7).map((q) => ({
    question: q.question,
    query: q.query,
    sections: sectionsOf(`${q.question} ${q.query}`, q.sections),
  }));
  const funding = kept.find((q) => q.sections.includes('ayudas') || FUNDING.test(q.question));
  if (funding) {
    if (!funding.sections.includes('ayudas')) funding.sections.push('ayudas');
  } else {
    kept.push(fundingQuestion(business));
  }
  return kept.map((q, i) => ({ id: `p${i + 1}`, ...q }));
}

/**
 * The sub-questions of this business's research, planned once and stored (a resumed run reads them).
 * A model that cannot plan (prose, or never the schema) does not end the run: the usual questions for
 * the business's stage, sector and country are researched instead.
 */
export function planQuestions(ctx: RunContext): Promise<PlannedQuestion[]> {
  const step: Step<PlannedQuestion[]> = {
    slot: { column: 'plan' },
    start: { type: 'stage', label: RUN_TEXT.planning, stage: 'planning', progress: PROGRESS.planning },
    async make(meter) {
      try {
        const result = await askModel(ctx, meter, planSchema, {
          system: RESEARCH_SYSTEM,
          prompt: planPrompt(businessProfile(ctx.business), ctx.business.stage),
          maxOutputTokens: 900,
        });
        return planned(ctx.business, result.questions);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        ctx.deps.logger.warn({ err: error, researchId: ctx.id }, 'research plan failed: default questions');
        await event(ctx, {
          type: 'warning',
          label: RUN_TEXT.defaultPlan,
          stage: 'planning',
          progress: PROGRESS.planning,
        });
        return planned(ctx.business, defaultPlan(ctx.business));
      }
    },
    done: (plan) => ({
      type: 'plan',
      label: RUN_TEXT.planned(plan.length),
      stage: 'planning',
      progress: PROGRESS.planned,
    }),
  };
  return runStep(ctx, step);
}

/**
 * The questions whose findings feed a section. A topical section no question is mapped to reads them
 * all; the sections that weigh the rest (DAFO, riesgos…) read the written sections, and only their own.
 */
export function questionsFor(
  plan: PlannedQuestion[],
  key: ReportSectionKey,
  weighsTheRest: boolean,
): PlannedQuestion[] {
  const mapped = plan.filter((q) => q.sections?.includes(key));
  return mapped.length > 0 || weighsTheRest ? mapped : plan;
}

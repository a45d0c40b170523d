import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { businessProfile } from '../../../ai/prompts/mentor.es.ts';
import { planPrompt, RESEARCH_SYSTEM } from '../../../ai/prompts/research.es.ts';
import { researches } from '../../../db/schema/index.ts';
import { askModel, event, ResearchFailure, type RunContext, spend } from './run-context.ts';

export const planSchema = z.object({
  questions: z
    .array(z.object({ question: z.string().min(5).max(400), query: z.string().min(2).max(200) }))
    .min(3)
    .max(8),
});

export interface PlannedQuestion {
  id: string;
  question: string;
  query: string;
}

const PLAN_FAILED =
  'No se pudo planificar la investigación: el modelo de IA no respondió como se esperaba. Puedes reintentarla.';

/** The sub-questions of this business's research, planned once and stored (a resumed run reads them). */
export async function planQuestions(ctx: RunContext): Promise<PlannedQuestion[]> {
  if (Array.isArray(ctx.run.plan)) return ctx.run.plan as PlannedQuestion[];
  await event(ctx, 'stage', 'Planificando las preguntas de la investigación', 'planning', 0.03);
  const result = await askModel(ctx, planSchema, {
    system: RESEARCH_SYSTEM,
    prompt: planPrompt(businessProfile(ctx.business), ctx.business.stage),
    maxOutputTokens: 800,
  }).catch((error: unknown) => {
    if (ctx.signal.aborted) throw error;
    ctx.deps.logger.warn({ err: error, researchId: ctx.id }, 'research plan failed');
    throw new ResearchFailure(PLAN_FAILED);
  });
  await spend(ctx, (result.usage.inputTokens ?? 0) + (result.usage.outputTokens ?? 0));
  const plan = result.value.questions.slice(0, 7).map((q, i) => ({ id: `p${i + 1}`, ...q }));
  await ctx.deps.db.update(researches).set({ plan }).where(eq(researches.id, ctx.id));
  ctx.run.plan = plan;
  await event(ctx, 'plan', `Plan listo: ${plan.length} preguntas que investigar`, 'planning', 0.1);
  return plan;
}

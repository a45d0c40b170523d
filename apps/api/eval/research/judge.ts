/**
 * The optional judge of `npm run eval:research` (EVAL_JUDGE_BASE_URL, EVAL_JUDGE_MODEL, EVAL_JUDGE_API_KEY):
 * for each profile it compares Rumbo's report with a report written from a single prompt to the same
 * model, once in each order (the position of a report must not decide), against a written rubric.
 */
import type { ResearchReport } from '@rumbo/contract';
import { z } from 'zod';
import { type Assistant, modelAssistant } from '../../src/ai/assistant.ts';
import { openAICompatibleModel } from '../../src/ai/openai-compatible.ts';
import { completeJson } from '../../src/ai/structured.ts';
import type { Env } from '../../src/env.ts';
import type { EvalProfile } from './profiles.ts';

export const RUBRIC = `Compara dos estudios de mercado para el mismo emprendedor y elige el mejor según, por este orden:
1) Fundamentado: cada cifra dice de dónde sale (una fuente que la dice, o una estimación con su cálculo); nada inventado.
2) Específico: habla de este negocio, su país, su sector y su objetivo, no en general.
3) Accionable: pasos, precios, canales y experimentos concretos.
4) Honesto: dice lo que falta y no presenta estimaciones como datos.
5) Español correcto y claro.
Responde con el objeto JSON {"mejor": "A" | "B" | "empate", "porque": "…"}.`;

export function judgeFrom(env: Env): Assistant | null {
  if (!env.EVAL_JUDGE_BASE_URL || !env.EVAL_JUDGE_MODEL) return null;
  return modelAssistant(
    `judge:${env.EVAL_JUDGE_MODEL}`,
    openAICompatibleModel({
      baseURL: env.EVAL_JUDGE_BASE_URL,
      modelId: env.EVAL_JUDGE_MODEL,
      apiKey: env.EVAL_JUDGE_API_KEY,
    }),
    { vision: false },
  );
}

const asText = (report: ResearchReport) =>
  report.sections
    .map(
      (s) =>
        `## ${s.title}\n${s.claims.map((c) => `- ${c.text}${c.sources.length ? ` [${c.sources.join(', ')}]` : ''} (${c.kind})`).join('\n')}`,
    )
    .join('\n\n');

const verdict = z.object({ mejor: z.enum(['A', 'B', 'empate']), porque: z.string().default('') });

/** Rumbo's share of the two comparisons (1 a win, 0.5 a tie, 0 a loss), one per order. */
export async function pairwiseJudge(
  judge: Assistant,
  model: Assistant,
  profile: EvalProfile,
  report: ResearchReport,
): Promise<number[]> {
  const single = await model
    .complete({
      system: 'Eres un analista de mercado. Escribes en español.',
      prompt: `Escribe un estudio de mercado completo (mercado, clientes, competidores, precios, canales, regulación, tendencias, DAFO, riesgos, viabilidad y supuestos) para este negocio:\n${JSON.stringify(profile)}`,
      maxOutputTokens: 3_000,
      signal: AbortSignal.timeout(300_000),
    })
    .then((answer) => answer.text)
    .catch(() => '');
  const ours = asText(report);
  const scores: number[] = [];
  for (const rumboFirst of [true, false]) {
    const [a, b] = rumboFirst ? [ours, single] : [single, ours];
    const result = await completeJson(judge, verdict, {
      system: 'Eres un evaluador exigente de estudios de mercado para emprendedores.',
      prompt: `${RUBRIC}\n\nNegocio: ${JSON.stringify(profile)}\n\n<estudio_A>\n${a}\n</estudio_A>\n\n<estudio_B>\n${b}\n</estudio_B>`,
      maxOutputTokens: 400,
      signal: AbortSignal.timeout(180_000),
    }).catch(() => null);
    if (!result) continue;
    const rumbo = rumboFirst ? 'A' : 'B';
    scores.push(result.value.mejor === 'empate' ? 0.5 : result.value.mejor === rumbo ? 1 : 0);
  }
  return scores;
}

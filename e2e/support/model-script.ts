/**
 * What the loopback model answers in the browser tests: the market-research steps; a markdown answer
 * with a heading, a list, a bold word and a table; a long slow one when the question asks for it (to stop it or leave mid-way);
 * and a short title when asked to name a thread.
 */
import { type FakeScript, type RecordedRequest, tokenize } from '../../apps/api/src/test/fakes/openai.ts';
import { isProposalsRequest, proposalsScript } from '../../apps/api/src/test/fakes/plan-proposals-model.ts';
import { isResearchRequest, researchModelScript } from '../../apps/api/src/test/fakes/research-model.ts';
import { isRoadmapRequest, roadmapScript } from '../../apps/api/src/test/fakes/roadmap-model.ts';

export const MODEL_TITLE = 'Validar la idea';

export const MARKDOWN_ANSWER = [
  '## Plan de validación',
  '',
  'Empieza por lo **esencial** antes de invertir:',
  '',
  '- Habla con 10 clientes potenciales',
  '- Mide cuántos pagarían por adelantado',
  '',
  '| Paso | Coste |',
  '| --- | --- |',
  '| Entrevistas | 0 € |',
  '| Landing | 50 € |',
  '',
  'Con esto sabrás si merece la pena seguir.',
].join('\n');

/** Questions containing this word get the slow answer. */
export const SLOW_WORD = 'despacio';
export const SLOW_ANSWER_WORDS = 400;
export const slowWord = (index: number) => `palabra${index}`;

function lastUserText(body: RecordedRequest['body']): string {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return JSON.stringify(last.content);
}

/**
 * Questions containing these words fail first: REFUSED_WORD's first request gets a 400 (the model refuses
 * it: no retry helps), FLAKY_WORD's first two get a 503 (passing: a retry answers). Later requests for
 * the same question answer normally, so that 'Reintentar' and the retries succeed.
 */
export const REFUSED_WORD = 'rechazada';
export const FLAKY_WORD = 'inestable';
const failuresSeen = new Map<string, number>();

/** Questions containing this word get a numbered answer, a new number each time (regenerating shows). */
export const VARIANT_WORD = 'variante';
export const variantAnswer = (n: number) => `Propuesta número ${n} para tu negocio.`;
let variants = 0;

function scriptedFailure(question: string): FakeScript | null {
  const rule = question.includes(REFUSED_WORD)
    ? { status: 400, times: 1 }
    : question.includes(FLAKY_WORD)
      ? { status: 503, times: 2 }
      : null;
  if (!rule) return null;
  const seen = failuresSeen.get(question) ?? 0;
  if (seen >= rule.times) return null;
  failuresSeen.set(question, seen + 1);
  return { tokens: [], status: rule.status };
}

/** Questions containing this word get an answer that cites the report's source 1 and a number it does not have. */
export const CITE_WORD = 'fuentes';
export const CITED_ANSWER = 'Según tu estudio, el consumo crece [1]. Otra cifra sin fuente [7].';

/** How long each market-research step of the model takes (ms); a journey may slow it to watch a run work. */
export const RESEARCH_STEP_MS = 150;
let researchStepMs = RESEARCH_STEP_MS;
export function setResearchStepMs(ms: number): void {
  researchStepMs = ms;
}
/** Questions with this word get an answer that proposes a change to the financial plan (ADR 0041). */
export const PLAN_CHANGE_WORD = 'marketing';
export const PLAN_CHANGE_ANSWER =
  'Con tu plan, subir el marketing de 400 € a 600 € al mes acelera la captación.\n\n[[cambio-plan marketing_monthly=600]]';

/** Questions with this word get an answer that proposes tasks for the roadmap (ADR 0055). */
export const ROADMAP_TASK_WORD = 'toca';
export const ROADMAP_TASK_ANSWER =
  'Según tu hoja de ruta, esta semana te toca la cata con restaurantes. Añadiría una llamada previa.\n\n[[tarea-hoja-de-ruta Llamar a cinco restaurantes del barrio :: Dos aceptan una cata]]';

export function e2eModelScript(body: RecordedRequest['body']): FakeScript {
  // Market research: each step a little slow, so that its stages can be seen; the model misquotes a figure
  // in each section and slips in addresses and an instruction (the check must catch them).
  if (isResearchRequest(body))
    return researchModelScript(body, { delayMs: researchStepMs, misquote: true, inject: true });
  // 'Proponer supuestos' of the financial plan: a first set of assumptions as JSON.
  if (isProposalsRequest(body)) return proposalsScript();
  // 'Revisar mi hoja de ruta': a roadmap as JSON.
  if (isRoadmapRequest(body)) return roadmapScript();
  if (!body.stream) return { tokens: [MODEL_TITLE] };
  const failure = scriptedFailure(lastUserText(body));
  if (failure) return failure;
  if (lastUserText(body).includes(VARIANT_WORD)) {
    variants += 1;
    return { tokens: tokenize(variantAnswer(variants)), firstTokenDelayMs: 50, tokenDelayMs: 10 };
  }
  if (lastUserText(body).includes(ROADMAP_TASK_WORD)) {
    return { tokens: tokenize(ROADMAP_TASK_ANSWER), firstTokenDelayMs: 50, tokenDelayMs: 10 };
  }
  if (lastUserText(body).includes(PLAN_CHANGE_WORD)) {
    return { tokens: tokenize(PLAN_CHANGE_ANSWER), firstTokenDelayMs: 50, tokenDelayMs: 10 };
  }
  if (lastUserText(body).includes(CITE_WORD)) {
    return { tokens: tokenize(CITED_ANSWER), firstTokenDelayMs: 50, tokenDelayMs: 10 };
  }
  if (lastUserText(body).includes(SLOW_WORD)) {
    const words = Array.from({ length: SLOW_ANSWER_WORDS }, (_, i) => slowWord(i + 1)).join(' ');
    return { tokens: tokenize(words), firstTokenDelayMs: 100, tokenDelayMs: 40 };
  }
  return { tokens: tokenize(MARKDOWN_ANSWER), firstTokenDelayMs: 150, tokenDelayMs: 15 };
}

/** The pages the browser tests' market research reads (served on loopback). */
export const RESEARCH_PAGES: Record<string, { html: string }> = {
  '/aceite': {
    html: `<html><head><title>El mercado del aceite de oliva</title></head><body><article><p>El consumo de
aceite de oliva virgen extra en la restauración española creció un 9 % en 2025, y los restaurantes pagan
de media entre 6 y 9 euros por litro a distribuidores; el canal directo desde la almazara gana peso entre
los restaurantes de gama media y alta, que valoran la trazabilidad del origen.</p></article></body></html>`,
  },
  '/distribucion': {
    html: `<html><head><title>Distribución a restaurantes</title></head><body><article><p>Las plataformas que
conectan productores con hostelería cobran comisiones de entre el 10 % y el 20 % por pedido, y el reparto
semanal en rutas fijas reduce el coste logístico por cliente frente a los envíos sueltos.</p></article></body></html>`,
  },
};

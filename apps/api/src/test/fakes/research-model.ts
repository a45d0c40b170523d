/**
 * What the loopback model answers to market-research steps (tests, browser journeys, benchmarks): a
 * plan, findings that cite the <fuente> blocks they were given, and each section as JSON, recognised
 * from the research prompts. Options make it misbehave as real models do.
 */
import { type FakeScript, type RecordedRequest, tokenize } from './openai.ts';

export interface ResearchModelOptions {
  /** Every section also cites [9] and an invented URL (the check must remove them). */
  inventCitations?: boolean;
  /** This section comes out in English the first time. */
  englishSection?: string;
  /** Every research call answers 500. */
  fail?: boolean;
  /** Delay before each answer (a run that takes a while: progress, kill -9, load). */
  delayMs?: number;
}

const text = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: string }) => part.text ?? '').join('')
      : '';

/** The environment of an app whose research runs against these fakes: the model, a SearXNG, loopback pages. */
export function researchFakesEnv(modelUrl: string, searchUrl: string): Record<string, string> {
  return {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: modelUrl,
    AI_MODEL: 'fake-research',
    SEARCH_PROVIDER: 'searxng',
    SEARCH_BASE_URL: searchUrl,
    RESEARCH_ALLOW_LOOPBACK: 'true',
  };
}

export function isResearchRequest(body: RecordedRequest['body']): boolean {
  return text(body.messages[0]?.content).startsWith('Eres un analista de mercado');
}

/** The section a research request asks for («…»), if it asks for one. */
export function requestedSection(body: RecordedRequest['body']): string | null {
  return /Escribe la sección «([^»]+)»/.exec(text(body.messages.at(-1)?.content))?.[1] ?? null;
}

const answer = (value: unknown, delayMs = 0): FakeScript => ({
  tokens: tokenize(JSON.stringify(value)),
  firstTokenDelayMs: delayMs,
});

export function researchModelScript(
  body: RecordedRequest['body'],
  options: ResearchModelOptions = {},
): FakeScript {
  if (options.fail) return { tokens: [], status: 500 };
  const prompt = text(body.messages.at(-1)?.content);
  const delay = options.delayMs ?? 0;
  if (prompt.includes('Vas a planificar')) {
    return answer(
      {
        questions: [
          { question: '¿Cuántos clientes potenciales hay en la zona?', query: 'tamaño mercado cafeterías' },
          { question: '¿Qué precios cobran los competidores?', query: 'precio café especialidad' },
          { question: '¿Qué trámites hacen falta para abrir?', query: 'licencia apertura cafetería' },
        ],
      },
      delay,
    );
  }
  if (prompt.includes('Pregunta de investigación:')) {
    const cited = [...prompt.matchAll(/<fuente n="(\d+)"/g)].map((m) => Number(m[1]));
    return answer(
      {
        findings: [
          {
            text: cited.length
              ? `El consumo de café de especialidad creció un 12 % en 2025 [${cited[0]}].`
              : 'Estimación: el consumo de café de especialidad crece alrededor de un 10 % al año.',
            sources: cited.slice(0, 1),
          },
          { text: 'Falta dato: el número de cafeterías del barrio.', sources: [] },
        ],
      },
      delay,
    );
  }
  if (prompt.includes('Reescríbela en español')) {
    return answer(
      {
        claims: [
          {
            text: 'Los clientes valoran la calidad del café por encima del precio.',
            kind: 'estimacion',
            sources: [],
          },
        ],
        score: null,
      },
      delay,
    );
  }
  const section = requestedSection(body);
  if (section) {
    const numbers = [...prompt.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
    const first = numbers[0];
    if (options.englishSection === section) {
      return answer(
        {
          claims: [
            {
              text: 'The market for this business is growing and the customers are willing to pay.',
              kind: 'modelo',
              sources: [],
            },
          ],
          score: null,
        },
        delay,
      );
    }
    const claims = [
      first !== undefined
        ? {
            text: `Sobre ${section.toLowerCase()}: el mercado crece un 12 % al año [${first}].`,
            kind: 'fuente',
            sources: [first],
          }
        : {
            text: `Sobre ${section.toLowerCase()}: el mercado crece alrededor de un 10 % al año (estimación).`,
            kind: 'estimacion',
            sources: [],
          },
      { text: 'Falta dato: la encuesta a clientes del barrio.', kind: 'estimacion', sources: [] },
    ];
    if (options.inventCitations) {
      claims.push({
        text: 'Según un informe reciente [9] (https://informe-inventado.example/cafe), la demanda se duplicará.',
        kind: 'fuente',
        sources: [9],
      });
    }
    return answer({ claims, score: section === 'Viabilidad' ? 7 : null }, delay);
  }
  return { tokens: ['{}'] };
}

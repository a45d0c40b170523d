import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';

/**
 * `AI_PROVIDER=demo` (README): a scripted Spanish mentor, so that the app can be tried without a model
 * or a key. It is an AI SDK language model like the real providers, so the chat engine, credits and
 * stop work exactly as with them: it reads the business's name from the mentor's system prompt, picks a
 * canned answer by the question's keywords, and streams it a few words at a time with a model's pace.
 * The web says on every screen that these answers are examples (public config `demo`).
 */

export interface DemoModelOptions {
  /** Pause between chunks, in ms (a random value in this range); tests use [0, 0]. */
  delayMs?: readonly [number, number];
}

const DEFAULT_DELAY_MS = [15, 50] as const;

interface Topic {
  keywords: RegExp;
  title: string;
  answer(name: string): string;
}

/** Lowercase and without accents, so that 'financiación' and 'financiacion' match alike. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const TOPICS: Topic[] = [
  {
    keywords: /\b(precio|precios|cobrar|tarifa|margen|cuanto cuesta)/,
    title: 'Estrategia de precios',
    answer: (name) => `## Cómo poner precio a ${name}

Un buen precio para **${name}** sale de tres cifras: lo que te cuesta, lo que cobran otros y lo que tu cliente está dispuesto a pagar.

1. **Calcula tu coste unitario**: materiales, horas y una parte de los gastos fijos.
2. **Mira tres o cuatro competidores** y anota sus precios y qué incluyen.
3. **Pregunta a diez clientes potenciales** cuánto pagarían (y cuánto les parecería caro).

| Estrategia | Cuándo usarla |
|---|---|
| Coste + margen | Productos parecidos a los de la competencia |
| Por valor | Si ahorras tiempo o dinero al cliente |
| Escalonada | Si tienes clientes con necesidades distintas |

**Siguiente paso:** prueba dos precios distintos durante dos semanas y compara cuántas ventas cierras con cada uno.`,
  },
  {
    keywords: /\b(cliente|clientes|vender|ventas|captar|publico objetivo)/,
    title: 'Cómo conseguir clientes',
    answer: (name) => `## Tus primeros clientes para ${name}

Los primeros clientes de **${name}** no llegan por publicidad: llegan porque hablas con ellos.

- **Define a tu cliente ideal** en una frase: quién es, qué problema tiene y dónde está.
- **Haz una lista de 30 personas** que encajen y contacta con ellas una a una.
- **Ofrece algo pequeño** para empezar: una prueba, una demostración o un primer pedido con descuento.
- **Pide una recomendación** a cada cliente satisfecho.

> Mide cuántos contactos necesitas para cerrar una venta: esa cifra te dirá cuánto esfuerzo comercial necesitas cada mes.

¿Quieres que preparemos juntos el mensaje para esos primeros contactos?`,
  },
  {
    keywords: /\b(financiacion|financiar|inversion|inversor|inversores|dinero|prestamo|subvencion|ayudas?)\b/,
    title: 'Opciones de financiación',
    answer: (name) => `## Cómo financiar ${name}

Antes de buscar dinero para **${name}**, calcula cuánto necesitas de verdad para los próximos 12 meses.

### Opciones habituales
1. **Recursos propios y ventas**: la más barata; te obliga a validar pronto.
2. **Préstamos ENISA o de tu banco**: para proyectos con algo de tracción.
3. **Subvenciones y ayudas públicas**: revisa las de tu comunidad autónoma y las de la Cámara de Comercio.
4. **Business angels**: aportan dinero y experiencia a cambio de una parte de la empresa.

**Consejo:** prepara un plan de tesorería mes a mes; es lo primero que te pedirán.

Para temas fiscales o legales concretos, consulta a un asesor.`,
  },
  {
    keywords: /\b(marketing|redes|instagram|tiktok|publicidad|anuncios|marca|difusion|seo)/,
    title: 'Plan de marketing',
    answer: (name) => `## Un plan de marketing sencillo para ${name}

Con pocos recursos, **${name}** necesita foco: un canal bien trabajado vale más que cinco a medias.

- **Elige un canal principal** donde ya esté tu cliente (Instagram, Google, ferias, boca a boca).
- **Publica con constancia**: dos o tres contenidos útiles a la semana.
- **Cuenta historias reales**: casos de clientes, el día a día, el porqué de ${name}.
- **Mide una sola cifra** al principio: visitas, contactos o ventas que vienen de ese canal.

| Semana | Acción |
|---|---|
| 1 | Definir mensaje y público |
| 2–3 | Publicar y responder a todo |
| 4 | Revisar resultados y ajustar |`,
  },
  {
    keywords: /\b(competencia|competidor|competidores|diferenciar|diferenciacion|rival)/,
    title: 'Análisis de la competencia',
    answer: (name) => `## La competencia de ${name}

Conocer a tu competencia ayuda a que **${name}** encuentre su hueco.

1. **Haz una tabla** con tus cinco competidores más cercanos: precio, público, puntos fuertes y débiles.
2. **Lee sus reseñas**: las quejas de sus clientes son tus oportunidades.
3. **Escribe tu diferencia en una frase**: «A diferencia de X, ${name} …».

> Competir solo en precio rara vez funciona para un negocio pequeño: busca diferenciarte en servicio, especialización o cercanía.

¿Quién crees que es tu competidor más directo?`,
  },
];

const GENERAL: Topic = {
  keywords: /$^/,
  title: 'Primeros pasos del negocio',
  answer: (name) => `## Buena pregunta sobre ${name}

Te propongo ordenar los próximos pasos de **${name}** así:

1. **Valida el problema**: habla con diez clientes potenciales esta semana.
2. **Define tu propuesta de valor** en una frase clara.
3. **Calcula tus números básicos**: costes, precio y cuántas ventas necesitas al mes.
4. **Fija un objetivo a 90 días** medible.

Puedo ayudarte con más detalle sobre **precios**, **clientes**, **financiación**, **marketing** o **competencia**: pregúntame por cualquiera de ellos.`,
};

export function demoTopic(question: string): Topic {
  const folded = fold(question);
  return TOPICS.find((topic) => topic.keywords.test(folded)) ?? GENERAL;
}

/** The business's name, as the mentor's system prompt gives it (ai/prompts/mentor.es.ts). */
function businessName(prompt: LanguageModelV3Prompt): string {
  for (const message of prompt) {
    if (message.role !== 'system') continue;
    const name = /^Nombre: (.+)$/m.exec(message.content)?.[1]?.trim();
    if (name) return name;
  }
  return 'tu negocio';
}

function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== 'user') continue;
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

/** Pieces of one to three words (with their spaces), as a model's tokens arrive. */
function chunksOf(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; ) {
    const size = 1 + (i % 3);
    chunks.push(words.slice(i, i + size).join(''));
    i += size;
  }
  return chunks;
}

const tokens = (text: string) => Math.ceil(text.length / 4);

function usageOf(promptText: string, output: string): LanguageModelV3Usage {
  return {
    inputTokens: { total: tokens(promptText), noCache: tokens(promptText), cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: tokens(output), text: tokens(output), reasoning: 0 },
  };
}

const promptText = (prompt: LanguageModelV3Prompt) =>
  prompt
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : m.content
            .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
            .join(''),
    )
    .join('\n');

/** What the scripted mentor says to a prompt: the answer, or a chat title when asked for one. */
function reply(prompt: LanguageModelV3Prompt): string {
  const question = lastUserText(prompt);
  // The title prompt (ai/prompts/title.es.ts) quotes the first question after 'Pregunta:'.
  const asked = /^Pregunta: ([\s\S]*?)\n\nRespuesta:/m.exec(question)?.[1];
  if (asked !== undefined) return demoTopic(asked).title;
  return demoTopic(question).answer(businessName(prompt));
}

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function demoModel(options: DemoModelOptions = {}): LanguageModelV3 {
  const [min, max] = options.delayMs ?? DEFAULT_DELAY_MS;
  const pause = () => min + Math.random() * (max - min);
  return {
    specificationVersion: 'v3',
    provider: 'demo',
    modelId: 'mentor-de-ejemplo',
    supportedUrls: {},
    async doGenerate(call: LanguageModelV3CallOptions) {
      const text = reply(call.prompt);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(promptText(call.prompt), text),
        warnings: [],
      };
    },
    async doStream(call: LanguageModelV3CallOptions) {
      const text = reply(call.prompt);
      const signal = call.abortSignal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          try {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 'demo' });
            for (const delta of chunksOf(text)) {
              await wait(pause(), signal);
              controller.enqueue({ type: 'text-delta', id: 'demo', delta });
            }
            controller.enqueue({ type: 'text-end', id: 'demo' });
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: usageOf(promptText(call.prompt), text),
            });
            controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      });
      return { stream };
    },
  };
}

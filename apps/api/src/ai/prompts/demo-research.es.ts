import { DEMO_EXAMPLE_NOTICE } from '@rumbo/contract';
import type { DemoProfile } from './demo-answers.es.ts';

/**
 * What the demo model (`AI_PROVIDER=demo`) answers to the market-research steps (prompts/research.es.ts),
 * so that demo mode runs the real pipeline and shows what a study of the user's own business looks like:
 * a plan that feeds every section, findings and sections that name the business, its country, what it
 * does and its goal. It is an example, and says so in every section: no figure is given as a fact, no
 * source is cited (every claim is the model's, never 'fuente').
 */

/** Whether a prompt's system part is the research analyst's (prompts/research.es.ts, RESEARCH_SYSTEM). */
export const isResearchPrompt = (system: string) => system.startsWith('Eres un analista de mercado');

const place = (p: DemoProfile) => p.country || 'su país';

function plan(p: DemoProfile) {
  const where = place(p);
  return {
    questions: [
      {
        question: `¿Cuántos clientes potenciales tiene ${p.name} en ${where}?`,
        query: `mercado ${p.does} ${where}`.slice(0, 60),
        sections: ['mercado', 'segmentos'],
      },
      {
        question: `¿Qué competidores y precios hay para ${p.name} en ${where}?`,
        query: `competidores precios ${where}`,
        sections: ['competidores', 'precios'],
      },
      {
        question: `¿Por qué canales venderá ${p.name}?`,
        query: `canales de venta ${where}`,
        sections: ['canales', 'tendencias'],
      },
      {
        question: `¿Qué trámites y ayudas hay en ${where} para ${p.name}?`,
        query: `trámites ayudas emprender ${where}`,
        sections: ['regulacion', 'ayudas'],
      },
      {
        question: `¿Qué fortalezas y riesgos tiene ${p.name}?`,
        query: `riesgos negocio ${where}`,
        sections: ['dafo', 'riesgos'],
      },
      {
        question: `¿Es viable ${p.name} para lograr «${p.goal}»?`,
        query: `viabilidad negocio ${where}`,
        sections: ['viabilidad', 'supuestos'],
      },
    ],
  };
}

/** What each section of the example says, from the profile (without figures). */
const SECTION_LINES: Record<string, (p: DemoProfile) => string[]> = {
  Resumen: (p) => [
    `${p.name} (${p.does}) quiere «${p.goal}» en ${place(p)}; este estudio de ejemplo muestra qué secciones tendrá el suyo.`,
    `Lo primero que conviene comprobar en ${place(p)} es cuántos clientes pagarían por lo que ofrece ${p.name}.`,
  ],
  'Mercado: TAM, SAM y SOM': (p) => [
    `El mercado de ${p.name} se calcularía de arriba abajo (clientes posibles en ${place(p)}) y de abajo arriba (ventas que puede atender).`,
    `Falta dato: el número de clientes potenciales de ${p.name} en ${place(p)}.`,
  ],
  'Segmentos de clientes': (p) => [
    `Para ${p.name}, el primer segmento serían quienes ya buscan ${p.does.toLowerCase()} en ${place(p)}.`,
    `Un segundo segmento posible para ${p.name} son empresas o comercios que revendan su oferta.`,
  ],
  Competidores: (p) => [
    `${p.name} compite en ${place(p)} con negocios que ofrecen algo parecido a ${p.does.toLowerCase()}.`,
    `Falta dato: los nombres y precios de los tres competidores más cercanos de ${p.name}.`,
  ],
  Precios: (p) => [
    `El precio de ${p.name} se fijaría comparando su coste con lo que cobran otros en ${place(p)}.`,
    `Falta dato: la disposición a pagar de los clientes de ${p.name}.`,
  ],
  Canales: (p) => [
    `${p.name} podría empezar por venta directa y redes sociales en ${place(p)}, y medir qué canal trae más clientes.`,
  ],
  'Regulación y trámites': (p) => [
    `${p.name} necesitará el registro fiscal y las licencias de su actividad en ${place(p)}; verificar con una gestoría.`,
  ],
  'Ayudas públicas y financiación': (p) => [
    `${p.name} podría revisar las convocatorias públicas para emprender en ${place(p)} que encajen con «${p.goal}».`,
  ],
  Tendencias: (p) => [
    `En ${place(p)}, la venta en línea y la cercanía con el cliente son tendencias a tener en cuenta para ${p.name}.`,
  ],
  DAFO: (p) => [
    `Fortaleza de ${p.name}: conoce de cerca a su cliente en ${place(p)}. Debilidad: todavía sin datos de ventas.`,
    `Oportunidad para ${p.name}: su objetivo «${p.goal}». Amenaza: competidores ya asentados en ${place(p)}.`,
  ],
  Riesgos: (p) => [`El mayor riesgo de ${p.name} es que la demanda en ${place(p)} sea menor de lo esperado.`],
  Viabilidad: (p) => [
    `La viabilidad de ${p.name} en ${place(p)} depende de validar precio y demanda antes de invertir más.`,
  ],
  'Supuestos más arriesgados y cómo probarlos': (p) => [
    `Supuesto de ${p.name}: los clientes de ${place(p)} pagarán su precio. Prueba: diez preventas en dos semanas.`,
  ],
};

function section(title: string, p: DemoProfile) {
  const lines = SECTION_LINES[title]?.(p) ?? [`${p.name} en ${place(p)}: ${title.toLowerCase()}.`];
  return {
    claims: [
      {
        text: `${DEMO_EXAMPLE_NOTICE}: así sería esta sección del estudio de ${p.name} en ${place(p)}.`,
        kind: 'modelo',
        sources: [],
      },
      ...lines.map((text) => ({ text, kind: 'modelo', sources: [] })),
    ],
    score: null,
  };
}

/** The JSON answer to a research step's prompt (`prompt`: its last message). */
export function demoResearchAnswer(prompt: string, p: DemoProfile): string {
  if (prompt.includes('Vas a planificar')) return JSON.stringify(plan(p));
  const question = /Pregunta de investigación: (.+)/.exec(prompt)?.[1];
  if (question !== undefined) {
    return JSON.stringify({
      findings: [
        {
          text: `${DEMO_EXAMPLE_NOTICE}: para responder «${question.trim()}» habría que consultar fuentes de ${place(p)}.`,
          sources: [],
        },
      ],
      follow_up: [],
    });
  }
  const title = /Escribe la sección «([^»]+)»/.exec(prompt)?.[1];
  if (title !== undefined) return JSON.stringify(section(title, p));
  return JSON.stringify({ claims: [], score: null });
}

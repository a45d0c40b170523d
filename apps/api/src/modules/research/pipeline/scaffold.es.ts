import {
  type Business,
  countryProfile,
  REPORT_SECTIONS,
  type ReportSection,
  type ReportSectionKey,
} from '@rumbo/contract';

const todo = (text: string) => ({ text, kind: 'plantilla' as const, sources: [] as number[] });

/** Where the founder looks for public funding: the country's funding bodies, else its official sites. */
function fundingLines(country: string): string[] {
  const profile = countryProfile(country);
  const funding = profile.sources.filter((s) => s.kind === 'ayudas');
  const where = (funding.length > 0 ? funding : profile.sources.filter((s) => s.kind === 'ministerio'))
    .map((s) => `${s.name} (${s.domain})`)
    .join(', ');
  return [
    where
      ? `Busca ayudas, subvenciones y préstamos para emprender en: ${where}.`
      : 'Busca ayudas, subvenciones y préstamos para emprender en los organismos oficiales de tu país y de tu región.',
    'Anota de cada programa quién lo da, para quién es, qué financia y hasta cuándo se puede pedir.',
  ];
}

/**
 * The report of a run without a model (mode none): a scaffold built from the profile alone, with the
 * Lean Canvas and the DAFO to fill in, the questions to answer and the country's procedures to check.
 * It says plainly that nothing was researched, and why (no model); its lines are 'para
 * completar' (kind `plantilla`), never estimates (ADR 0049).
 */
export function scaffoldReport(business: Business): Record<ReportSectionKey, ReportSection> {
  const country = countryProfile(business.location);
  const idea = business.stage === 'idea';
  const claims: Record<ReportSectionKey, string[]> = {
    resumen: [
      `Este estudio no se ha investigado: no hay un modelo de IA configurado. Es una plantilla para que prepares el estudio de «${business.name}» tú mismo.`,
      `Tu objetivo: ${business.goal}. Rellena cada sección con datos que puedas comprobar y anota de dónde salen.`,
    ],
    mercado: [
      `Falta dato: cuántos clientes posibles hay en ${business.location} (TAM) y cuántos puedes atender (SAM).`,
      'Calcula el SOM de abajo arriba: clientes que puedes conseguir en un año × precio × compras al año.',
      'Contrasta la cifra de arriba abajo con informes del sector o estadísticas oficiales del país.',
    ],
    segmentos: [
      'Lean Canvas — Segmentos de clientes: ¿quién tiene el problema con más urgencia? ¿Quiénes serán tus primeros clientes?',
      'Lean Canvas — Problema: anota los tres problemas principales que resuelves.',
    ],
    competidores: [
      business.stage === 'idea' && business.competitor_existence
        ? `Has dicho que hay competencia y que te diferencias así: ${business.competitor_differentiation || '(sin describir)'}. Lista a los cinco principales y qué le falta a cada uno.`
        : 'Lista a los cinco competidores o alternativas principales (incluido «no hacer nada») y qué le falta a cada uno.',
    ],
    precios: [
      'Lean Canvas — Fuentes de ingresos: ¿cuánto cobrarás y cómo? Pregunta a diez clientes posibles cuánto pagan hoy por resolver el problema.',
    ],
    canales: [
      'Lean Canvas — Canales: ¿cómo llegarás a tus primeros cien clientes y cuánto te cuesta cada uno?',
    ],
    regulacion: country.procedures.map((p) => `${p} ${country.advice}`),
    ayudas: fundingLines(business.location),
    tendencias: ['Falta dato: busca tres tendencias del sector en tu país en los últimos dos años.'],
    dafo: [
      'Fortalezas: anota lo que haces mejor que las alternativas.',
      'Debilidades: anota lo que hoy te falta (equipo, dinero, experiencia).',
      'Oportunidades: anota los cambios del mercado que te favorecen.',
      'Amenazas: anota lo que podría quitarte clientes o margen.',
    ],
    riesgos: [
      idea
        ? 'El riesgo principal de una idea es que nadie pague por ella: compruébalo antes de invertir.'
        : 'Anota los riesgos que hoy podrían hacer caer tus ventas o tu margen.',
    ],
    viabilidad: [
      'Sin investigar no se puede puntuar la viabilidad: completa el mercado y los precios primero.',
    ],
    supuestos: [
      'Supuesto: hay clientes dispuestos a pagar. Experimento: consigue cinco pagos anticipados o cartas de intención este mes.',
      'Supuesto: puedes llegar a ellos a un coste razonable. Experimento: una campaña de 50 € y mide cuánto cuesta cada contacto.',
      'Supuesto: tu precio cubre los costes. Experimento: calcula el margen de una venta con costes reales.',
    ],
  };
  return Object.fromEntries(
    REPORT_SECTIONS.map(({ key, title }) => [
      key,
      { key, title, claims: claims[key].map(todo), score: null },
    ]),
  ) as Record<ReportSectionKey, ReportSection>;
}

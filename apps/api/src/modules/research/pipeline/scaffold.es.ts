import {
  type Business,
  REGULATION_ADVICE,
  REPORT_SECTIONS,
  type ReportSection,
  type ReportSectionKey,
} from '@rumbo/contract';

/** The official procedures to check per country (the scaffold lists them; it does not research them). */
const PROCEDURES: Record<string, string[]> = {
  España: [
    'Alta censal en Hacienda (modelo 036 o 037) y, si eres autónomo, alta en el RETA de la Seguridad Social.',
    'Licencia de actividad o declaración responsable en tu ayuntamiento.',
    'Impuesto sobre Actividades Económicas (IAE) y régimen de IVA que te corresponde.',
  ],
  México: [
    'Inscripción en el RFC ante el SAT y elección del régimen fiscal (por ejemplo RESICO).',
    'Licencia de funcionamiento municipal y, si aplica, aviso de funcionamiento ante COFEPRIS.',
    'Alta patronal en el IMSS si vas a contratar.',
  ],
  Argentina: [
    'Alta en AFIP (CUIT) y elección entre Monotributo o Responsable Inscripto.',
    'Inscripción en Ingresos Brutos de tu provincia.',
    'Habilitación municipal del local, si lo tienes.',
  ],
  Colombia: [
    'Registro mercantil en la Cámara de Comercio y RUT ante la DIAN.',
    'Uso de suelo y condiciones sanitarias según la actividad.',
    'Afiliación a seguridad social de los trabajadores.',
  ],
  Chile: [
    'Inicio de actividades en el SII y elección de régimen tributario.',
    'Patente municipal y, si aplica, resolución sanitaria de la SEREMI de Salud.',
    'Constitución de la sociedad (por ejemplo en Registro de Empresas y Sociedades).',
  ],
};

const GENERIC_PROCEDURES = [
  'Registro de la empresa o de la actividad ante la autoridad tributaria del país.',
  'Licencias municipales o sectoriales que exija tu actividad.',
  'Obligaciones de seguridad social si vas a contratar.',
];

const todo = (text: string) => ({ text, kind: 'estimacion' as const, sources: [] as number[] });

/**
 * The report of a run without a model (mode none): a scaffold built from the profile alone, with the
 * Lean Canvas and the DAFO to fill in, the questions to answer and the country's procedures to check.
 * It says plainly that nothing was researched.
 */
export function scaffoldReport(business: Business): Record<ReportSectionKey, ReportSection> {
  const procedures = PROCEDURES[business.location] ?? GENERIC_PROCEDURES;
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
    regulacion: procedures.map((p) => `${p} ${REGULATION_ADVICE}`),
    tendencias: ['Falta dato: busca tres tendencias del sector en tu país en los últimos dos años.'],
    dafo: ['Fortaleza: …', 'Debilidad: …', 'Oportunidad: …', 'Amenaza: …'],
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

import {
  DEMO_EXAMPLE_NOTICE,
  IDEA_STAGES,
  REGULATION_ADVICE,
  type ReportSection,
  type ReportSectionKey,
  ROADMAP_TEXT_MAX,
  ROADMAP_TITLE_MAX,
  type TaskKind,
} from '@rumbo/contract';
import type { BusinessRow } from '../businesses/business-wire.ts';

// The roadmap a business starts with (ADR 0055): built from its profile and, when there is one, its
// latest market research written by a model. The report's riskiest assumptions become experiments with
// their success criterion, its risks and viability become tasks, its country's procedures become steps.
// Nothing is invented beyond what the profile and the report say; the screen labels it a template.

export interface TemplateTask {
  kind: TaskKind;
  title: string;
  why: string;
  done_when: string;
}

export interface TemplateMilestone {
  stage: string | null;
  title: string;
  tasks: TemplateTask[];
}

/** The sections of a report the template reads. */
export type ReportSections = Partial<Record<ReportSectionKey, ReportSection>>;

const EXPERIMENTS_MAX = 3;
const RISKS_MAX = 4;
const VIABILITY_MAX = 2;
const PROCEDURES_MAX = 4;

const clip = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
};
/** A claim's text without its source numbers ([3]). */
const plain = (text: string) =>
  text
    .replace(/\s*\[\d{1,3}\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const firstSentence = (text: string) => (/^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text).replace(/[.!?]+$/, '');
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The claims of a section a roadmap can build on: not a scaffold's lines for the founder to complete, nor
 * the demo study's notice that it is an example.
 */
function claimsOf(sections: ReportSections | null, key: ReportSectionKey): string[] {
  return (sections?.[key]?.claims ?? [])
    .filter((claim) => claim.kind !== 'plantilla')
    .map((claim) => plain(claim.text))
    .filter((text) => text.length > 0 && text !== REGULATION_ADVICE && !text.startsWith(DEMO_EXAMPLE_NOTICE));
}

/** Words that introduce an assumption's experiment. */
const EXPERIMENT_MARK = /(experimento|cómo probarlo|como probarlo)\s*:/i;

/** Words that say what result confirms an experiment. */
const CRITERION = /(confirm|éxito|exito|valida|si (al menos|más de|mas de|consigues|logras|\d))/i;
const DEFAULT_CRITERION = 'Has hecho el experimento y sabes si el resultado confirma o descarta el supuesto.';

/**
 * An assumption of the report as an experiment: 'Supuesto: … Experimento: …' (the research prompt asks
 * for the assumption, a cheap experiment and the result that confirms it).
 */
export function experimentOf(claim: string): TemplateTask {
  const split =
    /^(?:supuesto\s*\d*\s*:\s*)?(.*?)\s*(?:experimento|prueba|cómo probarlo|como probarlo)\s*:\s*(.*)$/is.exec(
      claim,
    );
  const assumption = (split?.[1] ?? firstSentence(claim)).replace(/[.;,\s]+$/, '');
  const experiment = (split?.[2] ?? claim.slice(firstSentence(claim).length)).trim();
  const sentences = experiment.split(/(?<=[.!?;])\s+/);
  const criterion = sentences.find((s) => CRITERION.test(s))?.trim();
  return {
    kind: 'experimento',
    title: clip(`Comprobar: ${lowerFirst(assumption)}`, ROADMAP_TITLE_MAX),
    why: clip(
      `Es uno de los supuestos más arriesgados de tu estudio.${experiment ? ` Cómo probarlo: ${experiment}` : ''}`,
      ROADMAP_TEXT_MAX,
    ),
    done_when: clip(criterion ?? DEFAULT_CRITERION, ROADMAP_TEXT_MAX),
  };
}

/** 'Falta dato: …': what the report could not find, a task to find it out. */
const MISSING = /^falta (?:un |el )?dato\s*:\s*/i;
const missingTask = (claim: string): TemplateTask => ({
  kind: 'tarea',
  title: clip(`Conseguir el dato: ${firstSentence(claim.replace(MISSING, ''))}`, ROADMAP_TITLE_MAX),
  why: 'Tu estudio de mercado no lo encontró, y sin él las cifras de tu plan son una suposición.',
  done_when: 'Tienes el dato, de una fuente que puedes citar o de tus propios clientes.',
});

const riskTask = (claim: string): TemplateTask => ({
  kind: 'tarea',
  title: clip(`Reducir el riesgo: ${lowerFirst(firstSentence(claim))}`, ROADMAP_TITLE_MAX),
  why: clip(claim, ROADMAP_TEXT_MAX),
  done_when: 'Tienes una medida concreta contra este riesgo y la has puesto en marcha.',
});

const viabilityTask = (claim: string): TemplateTask => ({
  kind: 'tarea',
  title: clip(`Revisar la viabilidad: ${lowerFirst(firstSentence(claim))}`, ROADMAP_TITLE_MAX),
  why: clip(claim, ROADMAP_TEXT_MAX),
  done_when: 'Sabes con cifras tuyas si este punto se cumple en tu negocio.',
});

const procedureTask = (claim: string): TemplateTask => ({
  kind: 'tramite',
  title: clip(firstSentence(claim), ROADMAP_TITLE_MAX),
  why: clip(`${claim} ${REGULATION_ADVICE}`, ROADMAP_TEXT_MAX),
  done_when: 'El trámite está hecho, o una gestoría te ha confirmado que no te hace falta.',
});

/** The profile's own experiments, when there is no report to take them from. */
function profileExperiments(business: BusinessRow): TemplateTask[] {
  const assumptions = [
    {
      claim: `hay clientes dispuestos a pagar por ${business.name}`,
      how: 'pide a cinco clientes potenciales un pago anticipado o una carta de intención.',
      done: 'Al menos tres de cada cinco clientes potenciales se comprometen a pagar.',
    },
    {
      claim: 'puedes llegar a tus clientes a un coste razonable',
      how: 'haz una campaña pequeña (por ejemplo, 50 €) y mide cuánto cuesta cada contacto interesado.',
      done: 'Conoces el coste de cada contacto y cabe en el margen de una venta.',
    },
    business.stage === 'idea' && business.competitorExistence
      ? {
          claim: 'tus clientes prefieren tu propuesta a la de la competencia',
          how: `enseña tu diferencia («${clip(business.competitorDifferentiation ?? '', 200)}») a diez clientes de la competencia.`,
          done: 'Al menos tres de cada diez dicen que cambiarían y por qué.',
        }
      : {
          claim: 'tu precio cubre los costes',
          how: 'calcula el margen de una venta con costes reales, no estimados.',
          done: 'El margen de una venta es positivo con costes comprobados.',
        },
  ];
  return assumptions.map((a) => ({
    kind: 'experimento',
    title: clip(`Comprobar: ${a.claim}`, ROADMAP_TITLE_MAX),
    why: clip(
      `Es uno de los supuestos más arriesgados de un negocio como el tuyo. Cómo probarlo: ${a.how}`,
      ROADMAP_TEXT_MAX,
    ),
    done_when: a.done,
  }));
}

/** The milestones of a new roadmap, in order. */
export function roadmapTemplate(business: BusinessRow, sections: ReportSections | null): TemplateMilestone[] {
  // The assumptions written with their experiment first; a report whose lines name none gives them all.
  const assumptions = claimsOf(sections, 'supuestos');
  const withExperiment = assumptions.filter((claim) => EXPERIMENT_MARK.test(claim));
  const fromReport = (withExperiment.length > 0 ? withExperiment : assumptions)
    .slice(0, EXPERIMENTS_MAX)
    .map(experimentOf);
  const experiments = fromReport.length > 0 ? fromReport : profileExperiments(business);

  // A line that says what is missing is a datum to find, once, whichever section says it.
  const missing = new Set<string>();
  const asTask = (claim: string, task: (claim: string) => TemplateTask): TemplateTask[] => {
    if (!MISSING.test(claim)) return [task(claim)];
    const made = missingTask(claim);
    const key = made.title.toLowerCase().replace(/[.\s]+$/, '');
    if (missing.has(key)) return [];
    missing.add(key);
    return [made];
  };
  const risks = [
    ...claimsOf(sections, 'riesgos')
      .slice(0, RISKS_MAX)
      .flatMap((claim) => asTask(claim, riskTask)),
    ...claimsOf(sections, 'viabilidad')
      .slice(0, VIABILITY_MAX)
      .flatMap((claim) => asTask(claim, viabilityTask)),
  ];
  if (risks.length === 0) {
    risks.push({
      kind: 'tarea',
      title: `Escribir los tres riesgos principales de ${clip(business.name, 120)}`,
      why: 'Saber qué puede salir mal te deja prepararte antes de invertir más.',
      done_when: 'Tienes tres riesgos escritos, cada uno con una medida para reducirlo.',
    });
  }

  const procedures = claimsOf(sections, 'regulacion')
    .slice(0, PROCEDURES_MAX)
    .flatMap((claim) => asTask(claim, procedureTask));
  if (procedures.length === 0) {
    procedures.push({
      kind: 'tramite',
      title: `Consultar los trámites para operar en ${business.location}`,
      why: `Licencias, alta fiscal y seguros dependen de la actividad y del lugar. ${REGULATION_ADVICE}`,
      done_when: 'Tienes la lista de trámites de tu actividad y sus plazos.',
    });
  }

  const goal = clip(business.goal, 300);
  const goalTasks: TemplateTask[] = [
    {
      kind: 'tarea',
      title:
        business.stage === 'idea'
          ? 'Conseguir tus primeros clientes de pago'
          : 'Dar el siguiente paso hacia tu objetivo',
      why: `Tu objetivo: ${goal}`,
      done_when:
        business.stage === 'idea'
          ? 'Tienes tus primeras ventas cobradas.'
          : 'Has medido el avance hacia tu objetivo con una cifra.',
    },
    {
      kind: 'tarea',
      title: 'Revisar tu plan financiero con lo aprendido',
      why: 'Los experimentos dan precios, costes y ritmos reales: el plan debe usarlos.',
      done_when: 'El plan financiero recoge los precios y costes comprobados.',
    },
  ];

  if (business.stage === 'idea') {
    const [first, second, third] = IDEA_STAGES;
    return [
      { stage: first, title: 'Probar los supuestos más arriesgados', tasks: experiments },
      { stage: second, title: 'Reducir los riesgos', tasks: risks },
      { stage: second, title: 'Poner en regla el negocio', tasks: procedures },
      { stage: third, title: 'Primeros clientes', tasks: goalTasks },
    ];
  }
  return [
    { stage: null, title: 'Hito 1: comprobar lo más arriesgado', tasks: experiments },
    { stage: null, title: 'Hito 2: reducir los riesgos', tasks: risks },
    { stage: null, title: 'Hito 3: trámites y cumplimiento', tasks: procedures },
    { stage: null, title: 'Hito 4: avanzar hacia tu objetivo', tasks: goalTasks },
  ];
}

import { OFFICIAL_SOURCES, type OfficialSource } from './countries.ts';

// Market research (ADR 0016, product.md §3 'Research', §6): modes, stages, the report's fixed structure and
// the kinds of claim. zod-free, so the web bundle can use the labels without the schemas.

/**
 * How a report was made, stored on it so that the advisor and the user know how far to trust it:
 * `web` searched and read pages (a search provider and a plan with advanced sources), `model` is the
 * model's own knowledge (figures are estimates, no URLs), `none` is a scaffold from the profile alone
 * (no model configured).
 */
export const RESEARCH_MODES = ['web', 'model', 'none'] as const;
export type ResearchMode = (typeof RESEARCH_MODES)[number];

export const RESEARCH_MODE_LABELS: Record<ResearchMode, string> = {
  web: 'Investigación con fuentes de internet',
  model: 'Conocimiento del modelo, sin fuentes: las cifras son estimaciones que debes verificar',
  none: 'Plantilla para completar: no se ha investigado nada',
};

/** Where a run is: queued → planning → gathering → writing → checking → done. */
export const RESEARCH_STAGES = ['queued', 'planning', 'gathering', 'writing', 'checking', 'done'] as const;
export type ResearchStage = (typeof RESEARCH_STAGES)[number];

export const RESEARCH_STAGE_LABELS: Record<ResearchStage, string> = {
  queued: 'En cola',
  planning: 'Planificando las preguntas',
  gathering: 'Reuniendo información',
  writing: 'Redactando el informe',
  checking: 'Revisando citas e idioma',
  done: 'Terminado',
};

/** The report's sections, always these and in this order (the advisor and the UI rely on the keys). */
export const REPORT_SECTIONS = [
  { key: 'resumen', title: 'Resumen' },
  { key: 'mercado', title: 'Mercado: TAM, SAM y SOM' },
  { key: 'segmentos', title: 'Segmentos de clientes' },
  { key: 'competidores', title: 'Competidores' },
  { key: 'precios', title: 'Precios' },
  { key: 'canales', title: 'Canales' },
  { key: 'regulacion', title: 'Regulación y trámites' },
  { key: 'ayudas', title: 'Ayudas públicas y financiación' },
  { key: 'tendencias', title: 'Tendencias' },
  { key: 'dafo', title: 'DAFO' },
  { key: 'riesgos', title: 'Riesgos' },
  { key: 'viabilidad', title: 'Viabilidad' },
  { key: 'supuestos', title: 'Supuestos más arriesgados y cómo probarlos' },
] as const;
export type ReportSectionKey = (typeof REPORT_SECTIONS)[number]['key'];
export const REPORT_SECTION_KEYS = REPORT_SECTIONS.map((s) => s.key) as [
  ReportSectionKey,
  ...ReportSectionKey[],
];

/**
 * What a claim rests on: a stored source [n], an estimate, or the model's unverified knowledge; or, in a
 * scaffold (mode `none`), nothing at all: a line for the founder to complete (ADR 0049).
 */
export const CLAIM_KINDS = ['fuente', 'estimacion', 'modelo', 'plantilla'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  fuente: 'Fuente',
  estimacion: 'Estimación',
  modelo: 'Conocimiento del modelo',
  plantilla: 'Para completar',
};

/**
 * How the demo's example study (AI_PROVIDER=demo, ADR 0044) opens each section and finding: a notice
 * that it is an example, not a finding to build on.
 */
export const DEMO_EXAMPLE_NOTICE = 'Ejemplo de demostración, no es una investigación real';

/** Regulation claims in Spain always carry this advice (ADR 0016); other countries, theirs (countries.ts). */
export const REGULATION_ADVICE = 'Verifícalo con una gestoría.';

/** Events of a run's timeline (GET /researches/{id}/events). `completed` and `failed` end it. */
export const RESEARCH_EVENT_TYPES = [
  'queued',
  'stage',
  'plan',
  'source',
  'section',
  'warning',
  'interrupted',
  'completed',
  'failed',
] as const;
export type ResearchEventType = (typeof RESEARCH_EVENT_TYPES)[number];

/** The message of a refused research request (Founder: 1 per billing period). */
export const RESEARCH_QUOTA_MESSAGE =
  'Ya usaste la investigación de mercado de este periodo. Mejora al plan CEO para investigar sin límite.';

/**
 * How far a `web` run digs, by plan (docs/decisions/0037): after the first pass, each question whose
 * findings are thin gets up to `breadth` follow-up searches, halved at each of `depth` rounds. The run's
 * token budget stays the hard bound.
 */
export interface ResearchDepth {
  breadth: number;
  depth: number;
}

const DEPTH_BY_PLAN: Record<number, ResearchDepth> = {
  7: { breadth: 2, depth: 1 },
  11: { breadth: 2, depth: 2 },
  12: { breadth: 3, depth: 2 },
};

export function researchDepth(planId: number): ResearchDepth {
  return DEPTH_BY_PLAN[planId] ?? { breadth: 1, depth: 1 };
}

/** The official source a host belongs to (the domain itself or a subdomain of it), if any. */
export function officialSourceOf(country: string, host: string): OfficialSource | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  return OFFICIAL_SOURCES[country]?.find((s) => name === s.domain || name.endsWith(`.${s.domain}`));
}

/** Whether a host is on any country's official list (the advisor may link those). */
export function isOfficialHost(host: string): boolean {
  return Object.keys(OFFICIAL_SOURCES).some((country) => officialSourceOf(country, host) !== undefined);
}

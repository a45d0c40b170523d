/**
 * The Spanish the research pipeline writes: its timeline's labels, what a report lists as missing, the
 * notes it adds to claims. The pipeline's code says when; this file says what.
 */

const short = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const RUN_TEXT = {
  gone: 'La investigación ya no existe.',
  scaffold: 'Sin modelo de IA: se prepara una plantilla para completar',
  planning: 'Planificando las preguntas de la investigación',
  planned: (count: number) => `Plan listo: ${count} preguntas que investigar`,
  defaultPlan:
    'El modelo no devolvió un plan válido: se investigan las preguntas habituales para un negocio como este',
  noTimeToPlan: 'No se pudo investigar: se agotó el tiempo antes de planificar el estudio.',
  gathering: 'Reuniendo información',
  sourceRead: (number: number, title: string) => `Leída la fuente [${number}]: ${short(title, 120)}`,
  pageNotRead: (host: string, reason: string) => `No se leyó ${host}: ${reason}`,
  pageUnreadable: 'La página no se pudo leer.',
  searchFailed: (question: string) => `La búsqueda falló: ${short(question)}`,
  researched: (question: string) => `Investigada: ${short(question)}`,
  followedUp: (question: string) => `Ampliada con nuevas búsquedas: ${short(question)}`,
  notResearched: (question: string) => `No se pudo investigar: ${question}`,
  notResearchedEvent: (question: string) => `No se pudo investigar: ${short(question)}`,
  writing: 'Redactando el informe',
  notSpanish: (title: string) =>
    `La sección «${title}» tenía frases que no estaban en español: se reescriben`,
  sectionWritten: (title: string) => `Sección escrita: ${title}`,
  sectionFailed: (title: string) => `No se pudo escribir la sección «${title}»`,
  notWritten: (title: string, why: 'tiempo' | 'presupuesto') => `Sin escribir por falta de ${why}: ${title}`,
  notWrittenFailed: (title: string) => `No se pudo escribir: ${title}`,
  noRoom: (section: string, question: string) =>
    `Sin espacio en la sección «${section}» para todos los hallazgos de: ${question}`,
  checking: 'Revisando citas e idioma',
  nothingWritten:
    'No se pudo escribir el estudio: el modelo de IA no respondió como se esperaba. Puedes reintentarlo.',
  completed: 'Estudio de mercado terminado',
  completedPartial: 'Estudio terminado, con partes sin investigar',
} as const;

/** The summary's first point when the budget or the time left work undone. */
export const CUT_SHORT = {
  budget:
    'Estudio incompleto: el presupuesto de la investigación se agotó antes de terminarla. Al final se listan las partes que no se pudieron investigar.',
  time: 'Estudio incompleto: el tiempo de la investigación se agotó antes de terminarla. Al final se listan las partes que no se pudieron investigar.',
} as const;

/** What the check adds to a claim whose attribution it could not verify. */
export const unverifiedAttribution = (name: string) => `(atribuido a ${name}; sin verificar)`;

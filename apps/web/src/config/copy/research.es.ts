/** The market-research report screen and its entries (ADR 0016). */
export const researchCopy = {
  entry: 'Ver estudio de mercado',
  heading: 'Estudio de mercado',
  title: (business: string) => `Estudio de mercado de ${business}`,
  back: 'Volver al chat',
  toc: 'Contenido',
  sources: 'Fuentes',
  madeOn: (date: string) => `Preparado el ${date}`,
  usage: (tokens: number, sources: number, seconds: number | null) =>
    `${tokens.toLocaleString('es-ES')} tokens · ${sources} ${sources === 1 ? 'fuente' : 'fuentes'}${
      seconds === null ? '' : ` · ${seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`}`
    }`,
  partialTitle: 'Estudio parcial: esto no se pudo investigar',
  score: (score: number) => `Puntuación de viabilidad: ${score}/10`,
  /** Mode model: nothing was searched, the score is the model's own estimate (ADR 0049). */
  modelScore: (score: number) => `Puntuación de viabilidad (estimación del modelo, sin fuentes): ${score}/10`,
  /** Demo mode: the demo model wrote an example of the study (ADR 0044). */
  demoExample: 'Ejemplo de demostración: no es una investigación real',
  /** Demo mode: the badge of every line of the example, whatever its kind (ADR 0044). */
  exampleBadge: 'Ejemplo',
  start: 'Empezar estudio',
  upgrade: 'Mejorar plan',
  downloadMarkdown: 'Descargar Markdown',
  downloadPdf: 'Descargar PDF',
  refresh: 'Actualizar estudio',
  refreshing: 'Pidiendo…',
  running: (stage: string, percent: number) => `Investigación en curso: ${stage} (${percent} %)`,
  runningNote: 'El estudio anterior sigue aquí hasta que termine el nuevo.',
  failed: 'La última investigación no pudo terminar:',
  retry: 'Reintentar',
  empty: 'Todavía no hay estudio de mercado para este negocio.',
  emptyRunning: 'Tu mentor está preparando el estudio de mercado. Esta página se actualiza sola.',
  disabled: 'Tu plan no incluye investigaciones de mercado. Mejora tu plan para activarlas.',
  loadError: 'No se pudo cargar el estudio de mercado. Inténtalo de nuevo más tarde.',
  notFound: 'Este negocio no existe o no es tuyo.',
  sourceLink: (n: number, title: string) => `Fuente ${n}: ${title} (se abre en otra pestaña)`,
  reviewTitle: 'Revisión de las fuentes',
  review: (checked: number, supported: number, downgraded: number) =>
    `${checked} ${checked === 1 ? 'afirmación con fuente revisada' : 'afirmaciones con fuente revisadas'}: ${supported} ${supported === 1 ? 'respaldada' : 'respaldadas'} por su fuente, ${downgraded} ${downgraded === 1 ? 'pasada' : 'pasadas'} a estimación.`,
  removed: (instructions: number, links: number) =>
    `Se quitaron ${instructions} ${instructions === 1 ? 'frase con instrucciones' : 'frases con instrucciones'} y ${links} ${links === 1 ? 'enlace que no era' : 'enlaces que no eran'} fuentes del estudio.`,
  notSpanish: 'Se quitaron por no estar en español:',
  fallbackNote: (count: number) =>
    `Sin páginas leídas para ${count} ${count === 1 ? 'pregunta' : 'preguntas'}: lo que se dice de ${count === 1 ? 'ella' : 'ellas'} sale del conocimiento del modelo (marcado abajo).`,
  quote: 'Cita',
  quoteFrom: (n: number, title: string) => `Fuente [${n}]: ${title}`,
  downgraded: (reason: string) => `Pasada a estimación: ${reason}.`,
  methodTitle: 'Cómo se investigó',
  searched: 'Búsquedas',
  sourcesRead: (count: number) => `${count} ${count === 1 ? 'fuente leída' : 'fuentes leídas'}`,
  modelOnly: 'Sin páginas leídas: conocimiento del modelo',
  /** The report as a Markdown file ('Descargar Markdown'); its title, date and score are the screen's. */
  markdown: {
    quote: (source: number, text: string) => `Cita [${source}]: «${text}»`,
    downgraded: (why: string) => `Pasada a estimación: ${why}.`,
    missing: 'Sin investigar',
  },
} as const;

/** The market-research report screen and its entries (issue 14). */
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
} as const;

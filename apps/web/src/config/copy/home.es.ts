import { FEEDBACK_MAX_LENGTH } from '@rumbo/contract';
import { businessesCopy } from './businesses.es.ts';

/** Spanish texts of the home's own cards (ADR 0047): businesses, the last conversation, feedback, demo mode. */
export const homeCopy = {
  /** Under a minute ago; longer spans are worded by the browser's Intl.RelativeTimeFormat in Spanish. */
  justNow: 'hace un momento',
  businesses: {
    title: 'Tus negocios',
    loading: 'Cargando tus negocios…',
    failed: 'No hemos podido cargar tus negocios.',
    retry: 'Reintentar',
    empty: 'Aún no tienes negocios: crea el primero.',
    create: 'Crear mi primer negocio',
    all: 'Ver todos',
    open: (name: string) => `Abrir el chat de ${name}`,
    finance: 'Plan financiero',
    financeLabel: (name: string) => `Plan financiero de ${name}`,
    roadmap: 'Hoja de ruta',
    roadmapLabel: (name: string) => `Hoja de ruta de ${name}`,
    // One name per stage across the home, the dashboard and the wizard: the wizard's, which the spec fixes.
    stage: businessesCopy.dashboard.stage,
  },
  research: {
    loading: 'Consultando la investigación…',
    none: 'Sin investigación de mercado',
    completed: 'Investigación lista',
    /** A run without a model (no model, or demo mode): a template to fill in, not research. */
    scaffold: 'Plantilla de estudio lista',
    /** Demo mode: an example study, not research (ADR 0044). */
    demoExample: 'Ejemplo de demostración: no es una investigación real',
    running: (percent: number) => `Investigando… ${percent} %`,
    failed: 'Falló la investigación',
    disabled: 'Desactivada en tu plan',
  },
  latest: {
    title: 'Continuar la última conversación',
    loading: 'Buscando tu última conversación…',
    failed: 'No hemos podido cargar tu última conversación.',
    empty: 'Todavía no has hablado con tu mentor. Abre uno de tus negocios y haz tu primera pregunta.',
    untitled: 'Conversación sin título',
    continue: 'Continuar',
    when: (relative: string) => `Última actividad ${relative}`,
  },
  feedback: {
    label: 'Tu comentario',
    hint: `Hasta ${FEEDBACK_MAX_LENGTH} caracteres. Lo leerá el equipo que gestiona esta instalación.`,
    placeholder: '¿Qué echas en falta o qué podemos mejorar?',
    send: 'Enviar comentario',
    empty: 'Escribe tu comentario',
    tooLong: `El comentario puede tener como mucho ${FEEDBACK_MAX_LENGTH} caracteres`,
    sent: 'Gracias, hemos recibido tu comentario',
    another: 'Enviar otro comentario',
    failed: 'No hemos podido enviar tu comentario. Inténtalo de nuevo.',
    count: (used: number) => `${used} / ${FEEDBACK_MAX_LENGTH}`,
  },
  demo: {
    banner: 'Modo demostración: las respuestas son de ejemplo, no de un modelo de IA',
  },
} as const;

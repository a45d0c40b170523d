import { ANSWER_COST } from '@rumbo/contract';

/** Spanish texts of the chat's flow: retries, stops, regenerating and editing, scrolling, shortcuts. */
export const chatFlowCopy = {
  retrying: (attempt: number, max: number) => `Reintentando… (${attempt}/${max})`,
  retry: 'Reintentar',
  stopped: 'Respuesta detenida',
  stoppedCharged: `se ${ANSWER_COST === 1 ? 'descontó 1 crédito' : `descontaron ${ANSWER_COST} créditos`}`,
  stoppedFree: 'sin coste',
  regenerate: 'Regenerar',
  regenerateLabel: 'Regenerar la respuesta',
  edit: 'Editar',
  editLabel: 'Editar tu pregunta',
  editField: 'Nuevo texto de tu pregunta',
  editSend: 'Enviar',
  editCancel: 'Cancelar',
  editHint: 'Intro envía · Escape cancela',
  /** The '‹ 1/2 ›' switcher of a message with several versions (ADR 0043). */
  versions: {
    label: (what: 'answer' | 'question') =>
      what === 'answer' ? 'Versiones de la respuesta' : 'Versiones de tu pregunta',
    position: (n: number, of: number) => `${n}/${of}`,
    spoken: (n: number, of: number) => `Versión ${n} de ${of}`,
    previous: 'Versión anterior',
    next: 'Versión siguiente',
    failed: 'No se ha podido mostrar esa versión. Inténtalo de nuevo.',
  },
  jumpToLatest: 'Ir al último mensaje',
  codeBlock: 'Bloque de código (desplázate con las flechas)',
  scrollableBlock: 'Contenido desplazable de la respuesta',
  shortcuts: {
    open: 'Atajos de teclado',
    title: 'Atajos de teclado',
    close: 'Cerrar',
    list: [
      { keys: ['Intro'], action: 'Enviar el mensaje' },
      { keys: ['Mayús', 'Intro'], action: 'Nueva línea en el mensaje' },
      { keys: ['Escape'], action: 'Detener la respuesta que se está escribiendo' },
      { keys: ['/'], action: 'Ir al campo del mensaje' },
      { keys: ['?'], action: 'Mostrar estos atajos' },
    ],
  },
} as const;

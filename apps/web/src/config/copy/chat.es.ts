import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, ATTACHMENTS_MAX_TOTAL_BYTES } from '@rumbo/contract';

const MB = 1024 * 1024;

/** Spanish texts of the chat screen (part of copy.es.ts). */
export const chatCopy = {
  sidebar: {
    label: 'Historial de chats',
    newChat: 'Nuevo chat',
    edit: 'Editar',
    close: 'Cerrar el historial',
    open: 'Abrir el historial',
    untitled: 'Nuevo chat',
    empty: 'Aún no hay conversaciones. Escribe tu primera pregunta.',
    loadMore: 'Ver chats anteriores',
    loadingMore: 'Cargando chats anteriores…',
  },
  header: {
    close: 'Volver a tus negocios',
    newChat: 'Nuevo chat',
    report: 'Ver estudio de mercado',
  },
  empty: {
    suggestionsLabel: 'Preguntas sugeridas',
  },
  messages: {
    you: 'Tú',
    advisor: 'Tu mentor',
    listLabel: 'Conversación',
    writing: 'Escribiendo la respuesta',
    upgrade: 'Mejorar plan',
    interrupted:
      'Esta respuesta se interrumpió porque el servidor se detuvo. No se ha cobrado; vuelve a preguntar para obtenerla completa.',
    loadOlder: 'Cargando mensajes anteriores',
    loadingThread: 'Cargando la conversación',
    openAttachment: (name: string) => `Abrir ${name} en una ventana nueva`,
  },
  input: {
    label: 'Mensaje',
    placeholder: (product: string) => `Envía un mensaje a ${product}`,
    disclaimer: (product: string) =>
      `${product} puede cometer errores. Considera verificar la información importante.`,
    send: 'Enviar',
    stop: 'Detener la respuesta',
    attach: 'Adjuntar archivos',
    removeAttachment: (name: string) => `Quitar ${name}`,
    unreadable: (name: string) => `No se ha podido leer «${name}»; no se adjuntará.`,
    tooMany: `Puedes adjuntar como máximo ${ATTACHMENT_MAX_FILES} archivos por mensaje.`,
    tooBig: (name: string) =>
      `«${name}» ocupa más de ${ATTACHMENT_MAX_BYTES / MB} MB, el máximo por archivo; no se adjuntará.`,
    tooBigTotal: `Los archivos de un mensaje no pueden ocupar más de ${ATTACHMENTS_MAX_TOTAL_BYTES / MB} MB en total.`,
    empty: (name: string) => `«${name}» está vacío; no se adjuntará.`,
    refused: 'No se ha podido enviar el mensaje. Revisa el texto y los archivos y vuelve a intentarlo.',
    unsupported: (name: string) =>
      `«${name}» no se puede adjuntar: usa imágenes, PDF, Word (.docx) o archivos de texto (.txt).`,
  },
  status: {
    research: 'Última investigación de mercado:',
    researchDisabled: 'Desactivado',
    researchDisabledTooltip: 'Mejora tu plan para activar las investigaciones de mercado',
    researchNone: 'Todavía ninguna',
    researchRunning: 'En curso',
    advancedSources: 'Acceso a fuentes avanzadas:',
    advancedOn: 'Activado',
    advancedOff: 'Desactivado',
    advancedTooltip: 'Mejora al plan CEO o al plan Empresa para acceder a fuentes avanzadas',
  },
  capacity: {
    loadingTitle: (business: string) => `Tu mentor está estudiando ${business}`,
    loadingText:
      'Analiza tu perfil y tu mercado durante los primeros minutos. Ya puedes preguntarle: sus respuestas ganarán contexto a medida que avance.',
    completedTitle: 'Tu mentor ya está preparado',
    completedText: 'Pregúntale por tu mercado y tus competidores. Copia esta pregunta para empezar:',
    question: 'Resúmeme lo más importante de mi mercado y de mis competidores, y qué debería hacer primero.',
    progress: 'Preparación del mentor',
    copy: 'Copiar pregunta',
    copied: 'Copiada',
    close: 'Cerrar aviso',
    viewReport: 'Ver estudio de mercado',
    failedTitle: 'No pudimos terminar el estudio de mercado',
    retry: 'Reintentar',
    retrying: 'Reintentando…',
  },
} as const;

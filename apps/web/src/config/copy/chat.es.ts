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
    close: 'Salir del chat',
    newChat: 'Nuevo chat',
    report: 'Ver estudio de mercado',
    finance: 'Ver plan financiero',
    roadmap: 'Ver hoja de ruta',
  },
  planChange: {
    title: 'Cambio propuesto para tu plan financiero',
    apply: 'Aplicar al plan',
    applied: 'Aplicado al plan',
    failed: 'No se pudo aplicar el cambio. Inténtalo de nuevo.',
    open: 'Ver plan financiero',
    change: (label: string, before: string, after: string) => `${label}: ${before} → ${after}`,
  },
  roadmapTasks: {
    title: 'Tareas propuestas para tu hoja de ruta',
    doneWhen: 'Hecha cuando',
    milestone: 'Añadir al hito',
    add: 'Añadir a mi hoja de ruta',
    added: (n: number) =>
      n === 1 ? 'Tarea añadida a tu hoja de ruta' : `${n} tareas añadidas a tu hoja de ruta`,
    failed: 'No se pudieron añadir las tareas. Inténtalo de nuevo.',
    none: 'Todavía no tienes hoja de ruta: créala para añadir estas tareas.',
    already: 'Ya están en tu hoja de ruta',
    open: 'Ver hoja de ruta',
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
  pdfViewer: {
    opening: 'Abriendo el PDF…',
    download: 'Descargar',
    pages: (count: number) => (count === 1 ? '1 página' : `${count} páginas`),
    page: (number: number, count: number) => `Página ${number} de ${count}`,
    pageFailed: 'No se ha podido dibujar esta página.',
    firstPagesOnly: (shown: number, count: number) =>
      `Se muestran las primeras ${shown} de ${count} páginas. Descarga el PDF para verlo entero.`,
    badAddress: 'Esta dirección no corresponde a ningún archivo que se pueda abrir.',
    missing: 'Este archivo ya no está disponible: puede que se haya borrado el chat o el negocio.',
    protected: 'Este PDF está protegido con contraseña. Descárgalo para abrirlo en tu equipo.',
    unreadable: 'No se ha podido mostrar este PDF. Descárgalo para abrirlo en tu equipo.',
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
    /** A plan with advanced sources on an installation without a search provider, or in demo mode. */
    advancedNoSearch: 'Sin buscador: conocimiento del modelo',
    advancedNoSearchTooltip:
      'Tu plan incluye fuentes avanzadas, pero esta instalación no tiene un buscador configurado: el estudio usa el conocimiento del modelo.',
    advancedDemo: 'No disponible en modo demostración',
    advancedDemoTooltip:
      'En modo demostración no se investiga: el estudio es un ejemplo escrito para tu negocio.',
    /** Demo mode: the study is an example (ADR 0044), never counted as research. */
    researchDemo: 'Ejemplo de demostración (no es una investigación real)',
    researchTemplateOnly: 'Ninguna (solo una plantilla)',
    advancedTooltip: 'Mejora al plan CEO o al plan Empresa para acceder a fuentes avanzadas',
    /** How long ago the last study finished; a date in the future (clock skew) counts as just now. */
    researchAge: {
      justNow: 'Hace menos de 1 minuto',
      minutes: (n: number) => `Hace ${n} ${n === 1 ? 'minuto' : 'minutos'}`,
      hours: (n: number) => `Hace ${n} ${n === 1 ? 'hora' : 'horas'}`,
      days: (n: number) => `Hace ${n} ${n === 1 ? 'día' : 'días'}`,
    },
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
    /** No run yet on a plan that includes research (ADR 0049). */
    noneTitle: (business: string) => `Tu mentor aún no ha estudiado el mercado de ${business}`,
    noneText:
      'Empieza el estudio de mercado: tarda entre 10 y 15 minutos y, si tienes activados los «Correos de Rumbo», te avisaremos por correo cuando termine.',
    start: 'Empezar estudio',
    starting: 'Empezando…',
    /** A run that ended as a template: nothing was researched (demo mode, or no model). */
    scaffoldTitle: 'Tu plantilla de estudio está lista',
    scaffoldText:
      'No se ha investigado nada: es una plantilla para que completes el estudio de tu negocio con datos que puedas comprobar.',
    viewScaffold: 'Ver plantilla',
    /** Demo mode: the example study is ready (ADR 0044). */
    demoTitle: 'Tu estudio de ejemplo está listo',
    demoText:
      'Ejemplo de demostración: no es una investigación real. Muestra cómo sería el estudio de mercado de tu negocio.',
    viewDemo: 'Ver estudio de ejemplo',
    modelNote: 'Preparado con el conocimiento del modelo, sin buscar en internet: verifica las cifras.',
    retry: 'Reintentar',
    retrying: 'Reintentando…',
  },
  /** A thread's menu in the sidebar, its dialogs and the search (product.md §2.6). */
  threads: {
    menu: (title: string) => `Opciones de «${title}»`,
    rename: 'Renombrar',
    export: 'Exportar en Markdown',
    delete: 'Eliminar',
    renameTitle: 'Renombrar chat',
    renameLabel: 'Título',
    titleRequired: 'Escribe un título',
    save: 'Guardar',
    saving: 'Guardando…',
    cancel: 'Cancelar',
    deleteTitle: '¿Eliminar este chat?',
    deleteText: (title: string) =>
      `Se borrarán «${title}», todos sus mensajes y sus archivos adjuntos. No se puede deshacer.`,
    deleteConfirm: 'Eliminar chat',
    deleting: 'Eliminando…',
    failed: 'No se ha podido completar. Inténtalo de nuevo.',
    search: 'Buscar chats',
    searchPlaceholder: 'Buscar chats',
    clearSearch: 'Borrar la búsqueda',
    searching: 'Buscando…',
    results: 'Resultados de la búsqueda',
    noResults: (q: string) => `Ningún chat coincide con «${q}»`,
    searchTooShort: 'Escribe al menos 2 caracteres.',
    searchFailed: 'No se ha podido buscar. Inténtalo de nuevo.',
  },
  /** The tools under each finished answer (product.md §2.6). */
  answerTools: {
    label: 'Acciones de la respuesta',
    copyMarkdown: 'Copiar en Markdown',
    copyText: 'Copiar como texto',
    copied: 'Copiado',
    copyFailed: 'No se ha podido copiar',
    up: 'Buena respuesta',
    down: 'Mala respuesta',
    reasonLabel: 'Cuéntanos qué falló (opcional)',
    reasonPlaceholder: 'Por ejemplo: datos incorrectos, no responde a mi pregunta…',
    sendReason: 'Enviar',
    skipReason: 'Omitir',
    thanks: 'Gracias por tu valoración',
    failed: 'No se ha podido guardar tu valoración',
  },
} as const;

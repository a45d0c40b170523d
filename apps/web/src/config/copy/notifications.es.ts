import { MAIL_FREQUENCY_LABELS, NOTIFICATION_TOPIC_LABELS } from '@rumbo/contract';

/** Spanish texts of the notification centre and its preferences ('Notificaciones inteligentes', ADR 0056). */
export const notificationsCopy = {
  bell: (unread: number) =>
    unread === 0
      ? 'Notificaciones'
      : unread === 1
        ? 'Notificaciones: 1 sin leer'
        : `Notificaciones: ${unread} sin leer`,
  title: 'Notificaciones',
  close: 'Cerrar las notificaciones',
  description: 'Tus avisos: estudios terminados, tareas que vencen, créditos y tu resumen de la semana.',
  empty: 'No tienes notificaciones. Te avisaremos cuando haya algo.',
  loadError: 'No hemos podido cargar tus notificaciones. Inténtalo de nuevo en unos minutos.',
  retry: 'Reintentar',
  more: 'Ver más',
  markAll: 'Marcar todas como leídas',
  markOne: (title: string) => `Marcar como leída: ${title}`,
  markOneShort: 'Marcar como leída',
  unreadTag: 'Sin leer',
  open: 'Abrir',
  upsell: {
    title: 'Las notificaciones inteligentes están en los planes CEO',
    body: 'Con un plan CEO, Rumbo te avisa aquí y por correo, a primera hora de tu mañana:',
    items: [
      'Cuando tu estudio de mercado está listo o no pudo terminar',
      'Cuando una tarea de tu hoja de ruta vence mañana o ya ha vencido',
      'Cuando te quedan pocos créditos y cuando se renuevan',
      'Cada lunes, un resumen: lo que hiciste, lo siguiente y una pregunta de tu mentor',
    ],
    upgrade: 'Mejorar plan',
  },
  preferences: {
    title: 'Notificaciones',
    intro: 'Elige de qué quieres que te avisemos. Los avisos llegan a la campana y, si quieres, por correo.',
    topics: NOTIFICATION_TOPIC_LABELS,
    frequency: 'Correos de las notificaciones',
    frequencyHint: 'Los avisos siempre están en la campana; esto decide cuándo te llegan por correo.',
    frequencies: MAIL_FREQUENCY_LABELS,
    saved: 'Guardado.',
    failed: 'No se ha podido guardar. Inténtalo de nuevo.',
    notOnPlan: 'Las notificaciones inteligentes están en los planes CEO.',
  },
};

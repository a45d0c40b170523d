// The notifications' constants ('Notificaciones inteligentes', ADR 0056), without zod: the shell's bell
// imports them without loading the schemas.

/** What a notification is about. */
export const NOTIFICATION_KINDS = [
  'estudio_listo',
  'estudio_fallido',
  'tarea_manana',
  'tarea_vencida',
  'creditos_bajos',
  'creditos_renovados',
  'resumen_semanal',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The switches of the profile: each turns its kinds on or off (in the centre and by e-mail). */
export const NOTIFICATION_TOPICS = ['research', 'tasks', 'credits', 'weekly_summary'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

export const TOPIC_OF_KIND: Record<NotificationKind, NotificationTopic> = {
  estudio_listo: 'research',
  estudio_fallido: 'research',
  tarea_manana: 'tasks',
  tarea_vencida: 'tasks',
  creditos_bajos: 'credits',
  creditos_renovados: 'credits',
  resumen_semanal: 'weekly_summary',
};

export const NOTIFICATION_TOPIC_LABELS: Record<NotificationTopic, string> = {
  research: 'Estudio de mercado terminado o fallido',
  tasks: 'Tareas que vencen mañana o ya vencidas',
  credits: 'Créditos bajos (queda el 20 %) y créditos renovados',
  weekly_summary: 'Resumen semanal (lo hecho, lo siguiente y una pregunta de tu mentor)',
};

/** How the e-mails go: each at once, gathered once a day or once a week, or none. */
export const MAIL_FREQUENCIES = ['inmediato', 'diario', 'semanal', 'nunca'] as const;
export type MailFrequency = (typeof MAIL_FREQUENCIES)[number];

export const MAIL_FREQUENCY_LABELS: Record<MailFrequency, string> = {
  inmediato: 'En cuanto pasa',
  diario: 'Un resumen al día',
  semanal: 'Un resumen a la semana',
  nunca: 'Nunca (solo en Rumbo)',
};

/** The user's morning, when the schedule sends the day's notifications (local hour, 08:00–08:59). */
export const NOTIFICATION_MORNING_HOUR = 8;
/** 'Créditos bajos': the share of the period's credits left. */
export const CREDITS_LOW_SHARE = 0.2;
/** A page of the centre's list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The time zone of a user whose browser never said theirs. */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** The message of a plan without the notifications (403). */
export const NOTIFICATIONS_NOT_ALLOWED_MESSAGE =
  'Las notificaciones inteligentes están en los planes CEO. Mejora tu plan para recibirlas.';

/** An IANA time zone this runtime knows ('Europe/Madrid', 'America/Mexico_City'). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('es', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

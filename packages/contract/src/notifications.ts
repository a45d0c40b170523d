import {
  isTimeZone,
  MAIL_FREQUENCIES,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
} from './notification-rules.ts';
import { z } from './zod.ts';

// Wire shapes of the notification centre and its preferences (ADR 0056).

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  business_id: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  /** A path of the app to open. */
  link: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  /** The id of the last notification of the previous page (newest first). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.number().int().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** How the founder opened it: from the centre or from an e-mail's link. */
export const notificationOpenSchema = z.object({ via: z.enum(['app', 'correo']) });

export const notificationPreferencesSchema = z.object({
  research: z.boolean(),
  tasks: z.boolean(),
  credits: z.boolean(),
  weekly_summary: z.boolean(),
  mail_frequency: z.enum(MAIL_FREQUENCIES),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PATCH: only the fields named change. */
export const notificationPreferencesPatchSchema = notificationPreferencesSchema.partial().strict();
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatchSchema>;

export const timeZoneSchema = z.object({
  time_zone: z.string().refine(isTimeZone, 'Zona horaria no válida'),
});

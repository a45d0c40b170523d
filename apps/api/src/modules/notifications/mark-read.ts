import { PRODUCT_EVENTS } from '@rumbo/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { TrackEvent } from '../../lib/track.ts';
import { unreadCount } from './list-notifications.ts';

/** Marks one of the user's notifications read (another user's does not exist). */
export async function markRead(db: Db, userId: number, id: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) throw notFound('Notificación no encontrada');
  if (!row.readAt) {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  }
  return unreadCount(db, userId);
}

/** 'Marcar todas como leídas'. */
export async function markAllRead(db: Db, userId: number, now = new Date()): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return 0;
}

/**
 * A notification opened, from the centre or from an e-mail's link: read, and 'Notificación abierta'
 * recorded with its kind and where it was opened.
 */
export async function openNotification(
  db: Db,
  track: TrackEvent,
  userId: number,
  id: number,
  via: 'app' | 'correo',
): Promise<number> {
  const [row] = await db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) throw notFound('Notificación no encontrada');
  const unread = await markRead(db, userId, id);
  track({ name: PRODUCT_EVENTS.notificationOpened, userId, properties: { tipo: row.kind, canal: via } });
  return unread;
}

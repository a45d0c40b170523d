import type { Notification, NotificationPage } from '@rumbo/contract';
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

type Row = typeof notifications.$inferSelect;

export const notificationWire = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind,
  business_id: row.businessId,
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The user's notifications, newest first, a page at a time (`before`: the last id of the previous page). */
export async function listNotifications(
  db: Db,
  userId: number,
  page: { before?: number; limit: number },
): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        page.before === undefined ? undefined : lt(notifications.id, page.before),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map(notificationWire);
  return {
    items,
    next_before: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null,
    unread: await unreadCount(db, userId),
  };
}

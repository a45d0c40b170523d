import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, chats } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

// The ownership checks of the chat actions (rename, delete, search, export, feedback): someone else's
// business or chat answers 404, as if it did not exist.

export async function assertOwnBusiness(db: Db, userId: number, businessId: number): Promise<void> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.userId, userId)));
  if (!row) throw notFound('Negocio no encontrado');
}

export async function ownChatRow(
  db: Db,
  userId: number,
  businessId: number,
  chatId: number,
): Promise<typeof chats.$inferSelect> {
  const [row] = await db
    .select({ chat: chats })
    .from(chats)
    .innerJoin(businesses, eq(businesses.id, chats.businessId))
    .where(and(eq(chats.id, chatId), eq(chats.businessId, businessId), eq(businesses.userId, userId)));
  if (!row) throw notFound('Chat no encontrado');
  return row.chat;
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, chats } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { BusinessRow, ChatRow } from './rows.ts';

/** A business as a route names it: whose, which. */
export interface BusinessRef {
  userId: number;
  businessId: number;
}

/** A chat as a route names it. */
export interface ChatRef extends BusinessRef {
  chatId: number;
}

/** A message of a chat as a route names it. */
export interface MessageRef extends ChatRef {
  messageId: number;
}

/** A chat of the caller's, found: what a use case works on once the route's names are checked. */
export interface OwnedChat {
  userId: number;
  chat: ChatRow;
  business: BusinessRow;
}

// The chat module's ownership check of a chat: someone else's chat answers 404, as if it did not exist
// (a business's check is the one of every module, db/owned-business.ts).

/** The chat with its business, when both are the caller's. */
export async function ownChat(
  db: Db,
  { userId, businessId, chatId }: ChatRef,
): Promise<{ chat: ChatRow; business: BusinessRow }> {
  const [row] = await db
    .select({ chat: chats, business: businesses })
    .from(chats)
    .innerJoin(businesses, eq(businesses.id, chats.businessId))
    .where(and(eq(chats.id, chatId), eq(chats.businessId, businessId), eq(businesses.userId, userId)));
  if (!row) throw notFound('Chat no encontrado');
  return row;
}

import type { Chat } from '@rumbo/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ownedBusiness } from '../../../db/owned-business.ts';
import { chats } from '../../../db/schema/index.ts';
import type { BusinessRef } from '../owned.ts';
import { toChat } from '../wire.ts';

/** A page of the business's chats, newest first (`before`: only chats older than that one). */
export async function listChats(
  db: Db,
  { userId, businessId }: BusinessRef,
  page: { limit: number; before?: number },
): Promise<Chat[]> {
  await ownedBusiness(db, { userId, businessId });
  const rows = await db
    .select()
    .from(chats)
    .where(and(eq(chats.businessId, businessId), page.before ? lt(chats.id, page.before) : undefined))
    .orderBy(desc(chats.id))
    .limit(page.limit);
  return rows.map(toChat);
}

import type { Chat } from '@rumbo/contract';
import type { Db } from '../../../db/client.ts';
import { ownedBusiness } from '../../../db/owned-business.ts';
import { chats } from '../../../db/schema/index.ts';
import type { ChatRow } from '../rows.ts';
import { toChat } from '../wire.ts';

/** A new, empty chat of the business: it gets its title with its first exchange. */
export async function createChat(db: Db, userId: number, businessId: number): Promise<Chat> {
  await ownedBusiness(db, { userId, businessId });
  const [row] = await db.insert(chats).values({ businessId }).returning();
  return toChat(row as ChatRow);
}

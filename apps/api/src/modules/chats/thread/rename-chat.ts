import type { Chat } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { chats } from '../../../db/schema/index.ts';
import { type ChatRef, ownChat } from '../owned.ts';
import type { ChatRow } from '../rows.ts';
import { toChat } from '../wire.ts';

/**
 * The user names a thread. It counts as a given title (`title_generated`), so that a model-made title
 * arriving later for a thread renamed right after its first answer never overwrites it.
 */
export async function renameChat(
  db: Db,
  { userId, businessId, chatId }: ChatRef,
  title: string,
): Promise<Chat> {
  await ownChat(db, { userId, businessId, chatId });
  const [row] = await db
    .update(chats)
    .set({ title, titleGenerated: true })
    .where(eq(chats.id, chatId))
    .returning();
  return toChat(row as ChatRow);
}

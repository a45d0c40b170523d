import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { attachments, chats, messages } from '../../../db/schema/index.ts';
import type { FileStorage } from '../../files/storage.ts';
import { type ChatRef, ownChat } from '../owned.ts';

/**
 * Deletes a thread: its messages, their attachments, generations and feedback go with it (cascade);
 * the attachments' files are found first and removed from storage once the rows are gone.
 */
export async function deleteChat(
  { db, storage }: { db: Db; storage: FileStorage },
  { userId, businessId, chatId }: ChatRef,
): Promise<void> {
  await ownChat(db, { userId, businessId, chatId });
  const files = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .innerJoin(messages, eq(messages.id, attachments.messageId))
    .where(eq(messages.chatId, chatId));
  await db.delete(chats).where(eq(chats.id, chatId));
  for (const file of files) await storage.delete(file.key);
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { attachments, messages } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import type { FileStorage } from '../../files/storage.ts';
import { type ChatRef, ownChat } from '../owned.ts';

/** An attachment's bytes, for its owner only. */
export async function readAttachment(
  { db, storage }: { db: Db; storage: FileStorage },
  { userId, businessId, chatId }: ChatRef,
  attachmentId: string,
) {
  await ownChat(db, { userId, businessId, chatId });
  const [row] = await db
    .select({ attachment: attachments })
    .from(attachments)
    .innerJoin(messages, eq(messages.id, attachments.messageId))
    .where(and(eq(attachments.id, attachmentId), eq(messages.chatId, chatId)));
  const data = row ? await storage.get(row.attachment.storageKey) : null;
  if (!row || !data) throw notFound('Archivo no encontrado');
  return { attachment: row.attachment, data };
}

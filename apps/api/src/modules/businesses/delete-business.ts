import type { BusinessStage } from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { attachments, businesses } from '../../db/schema/index.ts';
import type { FileStorage } from '../files/storage.ts';

/** Deletes the business with everything that hangs from it (cascade), then its stored files. */
export async function deleteBusiness(
  db: Db,
  storage: FileStorage,
  userId: number,
  stage: BusinessStage,
  id: number,
): Promise<void> {
  await ownedBusiness(db, { userId, businessId: id, stage });
  // The rows go with the business (cascade); their files must be found before.
  const files = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.businessId, id));
  // The logo as it is when the row goes (a logo uploaded meanwhile included).
  const [gone] = await db
    .delete(businesses)
    .where(and(eq(businesses.id, id), eq(businesses.userId, userId)))
    .returning({ logoKey: businesses.logoKey });
  if (gone?.logoKey) await storage.delete(gone.logoKey);
  for (const file of files) await storage.delete(file.key);
}

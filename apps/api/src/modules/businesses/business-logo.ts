import crypto from 'node:crypto';
import type { BusinessStage } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { businesses } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { FileStorage } from '../files/storage.ts';
import { logoUrl } from './business-wire.ts';
import { processLogo } from './logo.ts';

// The logo of the user's business: set (checked and re-encoded by logo.ts), removed, read.

export interface LogoDeps {
  db: Db;
  storage: FileStorage;
}

/** Stores a new logo under a new version (so its address changes) and removes the old file. */
export async function setLogo(
  { db, storage }: LogoDeps,
  userId: number,
  stage: BusinessStage,
  id: number,
  upload: Uint8Array,
): Promise<string> {
  const { business: row } = await ownedBusiness(db, { userId, businessId: id, stage });
  const image = await processLogo(upload);
  const version = crypto.randomBytes(6).toString('hex');
  const key = `logos/${row.id}/${version}.webp`;
  await storage.put(key, image);
  const [updated] = await db
    .update(businesses)
    .set({ logoKey: key, logoVersion: version, updatedAt: new Date() })
    .where(eq(businesses.id, row.id))
    .returning();
  if (!updated) {
    // Deleted since it was read (a delete racing the upload): its new file must not stay behind.
    await storage.delete(key);
    throw notFound('Negocio no encontrado');
  }
  if (row.logoKey) await storage.delete(row.logoKey);
  return logoUrl(updated) as string;
}

export async function deleteLogo(
  { db, storage }: LogoDeps,
  userId: number,
  stage: BusinessStage,
  id: number,
): Promise<void> {
  const { business: row } = await ownedBusiness(db, { userId, businessId: id, stage });
  await db
    .update(businesses)
    .set({ logoKey: null, logoVersion: null, updatedAt: new Date() })
    .where(eq(businesses.id, row.id));
  if (row.logoKey) await storage.delete(row.logoKey);
}

export async function readLogo(
  { db, storage }: LogoDeps,
  userId: number,
  stage: BusinessStage,
  id: number,
): Promise<Buffer> {
  const { business: row } = await ownedBusiness(db, { userId, businessId: id, stage });
  const data = row.logoKey ? await storage.get(row.logoKey) : null;
  if (!data) throw notFound('Este negocio no tiene logo');
  return data;
}

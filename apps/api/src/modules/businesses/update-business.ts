import type { z } from '@hono/zod-openapi';
import {
  type Business,
  type BusinessStage,
  establishedInputSchema,
  type establishedPatchSchema,
  ideaInputSchema,
  type ideaPatchSchema,
} from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { businesses } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { firstIssue } from '../../http/validation.ts';
import { toBusiness, toBusinessColumns } from './business-wire.ts';

/** A PATCH body, already checked field by field at the route: only the fields it names change. */
export type BusinessChange = z.output<typeof ideaPatchSchema> | z.output<typeof establishedPatchSchema>;

/**
 * Applies a change to the user's business. The route checked each field of the change; what is
 * checked here is the business as it would end up (the rules across fields, such as a
 * differentiation when there are competitors), which no field of the change can vouch for alone.
 */
export async function updateBusiness(
  db: Db,
  userId: number,
  stage: BusinessStage,
  id: number,
  change: BusinessChange,
): Promise<Business> {
  const current = toBusiness((await ownedBusiness(db, { userId, businessId: id, stage })).business);
  const schema = stage === 'idea' ? ideaInputSchema : establishedInputSchema;
  const result = schema.safeParse({ ...current, ...change });
  if (!result.success) {
    const { message, field } = firstIssue(result.error);
    throw badRequest(message, field);
  }
  const [row] = await db
    .update(businesses)
    .set({ ...toBusinessColumns(result.data), updatedAt: new Date() })
    .where(and(eq(businesses.id, id), eq(businesses.userId, userId)))
    .returning();
  // Deleted since it was read (a delete racing this change).
  if (!row) throw notFound('Negocio no encontrado');
  return toBusiness(row);
}

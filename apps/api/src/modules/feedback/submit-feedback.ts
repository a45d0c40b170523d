import type { Db } from '../../db/client.ts';
import { productFeedback } from '../../db/schema/index.ts';

/** Stores a user's comment about the product for the operator's console (ADR 0047). */
export async function submitFeedback(
  db: Db,
  userId: number,
  input: { message: string; page?: string | undefined },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(productFeedback)
    .values({ userId, message: input.message, page: input.page ?? null })
    .returning({ id: productFeedback.id });
  return { id: (row as { id: number }).id };
}

import type { CheckoutStatus } from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingSessions } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { BillingProvider } from './provider.ts';

/** Where the user's checkout `sessionId` stands, as the provider that opened it says. */
export async function checkoutStatus(
  db: Db,
  provider: BillingProvider | null,
  userId: number,
  sessionId: string,
): Promise<CheckoutStatus> {
  const [row] = await db
    .select()
    .from(billingSessions)
    .where(
      and(
        eq(billingSessions.id, sessionId),
        eq(billingSessions.userId, userId),
        eq(billingSessions.kind, 'checkout'),
      ),
    );
  // Another user's session is as unknown as a made-up one.
  if (!row || !provider || row.provider !== provider.name) {
    throw notFound('No se ha encontrado el pago');
  }
  return provider.checkoutStatus(row);
}

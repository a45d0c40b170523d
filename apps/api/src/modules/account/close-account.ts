import { ACCOUNT_ERROR_CODES, confirmsAccountDeletion } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { cancelSubscriptionOf } from '../billing/cancel-subscription.ts';
import type { FileStorage } from '../files/storage.ts';
import { deleteAccount } from './delete-account.ts';

export interface CloseAccountDeps {
  db: Db;
  env: Env;
  storage: FileStorage;
  logger: Logger;
}

/**
 * DELETE /api/users/me ('Eliminar mi cuenta'): checks the typed confirmation ('ELIMINAR' or the
 * account's e-mail), cancels the paid subscription at the provider, then deletes the user's data and
 * files. Ending the browser's session is left to the route.
 */
export async function closeAccount(
  { db, env, storage, logger }: CloseAccountDeps,
  userId: number,
  confirmation: string,
): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Usuario no encontrado');
  if (!confirmsAccountDeletion(confirmation, user.email)) {
    throw new AppError(
      400,
      ACCOUNT_ERROR_CODES.confirmationMismatch,
      'Escribe ELIMINAR o tu correo para confirmar',
      'confirmation',
    );
  }
  // First the provider: if it refuses, the account stays whole and the user can try again.
  await cancelSubscriptionOf(env, db, userId);
  await deleteAccount(db, storage, logger, userId);
}

import { AUTH_ERROR_CODES } from '@rumbo/contract';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { Auth } from './auth.ts';
import { tooManyAttempts } from './auth-errors.ts';
import { RESET_TOKEN_IDENTIFIER_PREFIX } from './reset-links.ts';

type ResetLinkState = 'valid' | 'expired' | 'invalid';

/**
 * POST /api/password-reset/check: what a link is worth before its form is shown, so that a used or
 * expired link says so at once (and offers a new one) rather than after the new password is typed.
 * Nothing is spent; the same limits as the confirmation apply (http/write-limits.ts).
 */
export async function resetLinkState(db: Db, oobCode: string): Promise<ResetLinkState> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}${oobCode}`));
  if (!row) return 'invalid';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';
}

/**
 * POST /api/password-reset/confirm: sets the new password with the code from the e-mail. Better Auth
 * answers one INVALID_TOKEN for unknown, used and expired codes; product.md shows different texts for
 * expired and for invalid-or-used, so the stored row is looked at first.
 */
export async function confirmPasswordReset(
  auth: Auth,
  db: Db,
  headers: Headers,
  { oobCode, password }: { oobCode: string; password: string },
): Promise<void> {
  if ((await resetLinkState(db, oobCode)) === 'expired') {
    throw new AppError(400, AUTH_ERROR_CODES.expiredActionCode, 'El enlace ha expirado');
  }
  try {
    await auth.api.resetPassword({ body: { token: oobCode, newPassword: password }, headers });
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 429) throw tooManyAttempts();
    if (error instanceof APIError && error.statusCode < 500) {
      throw new AppError(
        400,
        AUTH_ERROR_CODES.invalidActionCode,
        'El enlace no es válido o ya ha sido usado',
      );
    }
    throw error;
  }
}

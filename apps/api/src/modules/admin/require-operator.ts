import { ERROR_CODES } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/context.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { isOperator, needsOperatorVerification } from '../../http/operators.ts';
import { signedInUserId } from '../../http/session.ts';
import type { Auth } from '../auth/auth.ts';

/**
 * The console's guard, stricter than the signed-in zone's: signed in (401 otherwise), named by
 * ADMIN_EMAILS and verified (403 otherwise; a listed address still to verify gets its own code, so the
 * console can offer the verification link). Puts the operator in `operator` for the audit log.
 */
export function requireOperator(
  auth: Auth,
  db: Db,
  adminEmails: readonly string[],
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await signedInUserId(auth, c);
    if (userId === undefined) throw unauthorized();
    const [user] = await db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId));
    if (user && needsOperatorVerification(adminEmails, user)) {
      throw forbidden(
        ERROR_CODES.emailNotVerified,
        'Confirma tu correo para entrar en la consola: abre /admin y pide el enlace de verificación',
      );
    }
    if (!user || !isOperator(adminEmails, user)) {
      throw forbidden(ERROR_CODES.forbidden, 'Esta sección es solo para el equipo de operación');
    }
    c.set('operator', { id: userId, email: user.email });
    await next();
  };
}

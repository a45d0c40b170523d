import { createRoute, z } from '@hono/zod-openapi';
import {
  AUTH_ERROR_CODES,
  ERROR_CODES,
  operatorVerificationConfirmSchema,
  operatorVerificationSentSchema,
  operatorVerificationStatusSchema,
} from '@rumbo/contract';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createRouter } from '../../http/create-router.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { errorResponse, json, signedIn } from '../../http/openapi.ts';
import { isOperatorEmail, needsOperatorVerification } from '../../http/operators.ts';
import { countWrite, WRITE_LIMITS } from '../../lib/write-counters.ts';
import type { Auth } from './auth.ts';
import { createVerificationLinks, type SpentLink } from './verification-links.ts';

const tags = ['Consola'];

const statusRoute = createRoute({
  method: 'get',
  path: '/operator/verification',
  tags,
  summary: 'Si el correo del usuario es de un operador que aún debe verificarlo',
  security: signedIn,
  responses: {
    200: { description: 'La respuesta', content: json(operatorVerificationStatusSchema) },
    401: errorResponse('Sin sesión'),
  },
});

const sendRoute = createRoute({
  method: 'post',
  path: '/operator/verification',
  tags,
  summary: 'Enviar el enlace de verificación de la consola al correo del usuario',
  description:
    'Solo para una dirección que `ADMIN_EMAILS` lista. El enlace abre `/admin`, caduca en 1 hora, sirve una vez y solo con la sesión de esta cuenta iniciada; cada envío anula los anteriores.',
  security: signedIn,
  responses: {
    200: { description: 'El correo ya estaba verificado', content: json(operatorVerificationSentSchema) },
    202: { description: 'Enlace enviado', content: json(operatorVerificationSentSchema) },
    401: errorResponse('Sin sesión'),
    403: errorResponse('La dirección no es de un operador (ADMIN_EMAILS)'),
    429: errorResponse('Demasiados envíos'),
    503: errorResponse('El servidor de correo no respondió'),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/operator/verification/confirm',
  tags,
  summary: 'Verificar el correo con el enlace recibido',
  security: signedIn,
  request: { body: { required: true, content: json(operatorVerificationConfirmSchema) } },
  responses: {
    200: {
      description: 'Correo verificado',
      content: json(z.object({ status: z.literal('verified') })),
    },
    400: errorResponse(
      'Enlace caducado (`expired-action-code`) o no válido, ya usado o enviado a otra cuenta (`invalid-action-code`)',
    ),
    401: errorResponse('Sin sesión'),
  },
});

function linkError(outcome: Exclude<SpentLink, 'valid'>): AppError {
  return outcome === 'expired'
    ? new AppError(
        400,
        AUTH_ERROR_CODES.expiredActionCode,
        'El enlace de verificación ha caducado: pide otro desde la consola',
      )
    : new AppError(
        400,
        AUTH_ERROR_CODES.invalidActionCode,
        'El enlace de verificación no es válido, ya se ha usado o es de otra cuenta: pide otro desde la consola',
      );
}

/**
 * The console's door (ADR 0022): a user whose address ADMIN_EMAILS lists asks for a verification link,
 * and the link, opened while signed in to the same account, verifies the address through Better Auth.
 */
export function operatorVerificationRoutes(deps: {
  auth: Auth;
  db: Db;
  adminEmails: readonly string[];
  writeLimitMultiplier: number;
}) {
  const { auth, db, adminEmails } = deps;
  const links = createVerificationLinks(db);
  const accountOf = async (userId: number) => {
    const [user] = await db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound('Usuario no encontrado');
    return user;
  };
  const app = createRouter();

  app.openapi(statusRoute, async (c) => {
    const user = await accountOf(c.get('userId'));
    return c.json({ required: needsOperatorVerification(adminEmails, user) }, 200);
  });

  app.openapi(sendRoute, async (c) => {
    const userId = c.get('userId');
    const user = await accountOf(userId);
    if (!isOperatorEmail(adminEmails, user.email)) {
      throw forbidden(ERROR_CODES.forbidden, 'Esta sección es solo para el equipo de operación');
    }
    if (user.emailVerified) return c.json({ status: 'verified' as const }, 200);
    await countWrite(db, userId, WRITE_LIMITS.verificationMails, deps.writeLimitMultiplier);
    // Better Auth signs the token and checks that the session's address is the one asked for.
    try {
      await auth.api.sendVerificationEmail({ body: { email: user.email }, headers: c.req.raw.headers });
    } catch (error) {
      // Verified meanwhile (another tab spent a link): nothing left to send.
      if (error instanceof APIError && error.body?.code === 'EMAIL_ALREADY_VERIFIED') {
        return c.json({ status: 'verified' as const }, 200);
      }
      // The mail server refused or could not be reached: the link in the binding simply goes unused.
      c.get('logger').error({ err: error }, 'the console verification mail could not be sent');
      throw new AppError(
        503,
        ERROR_CODES.unavailable,
        'No se ha podido enviar el correo de verificación. Inténtalo de nuevo en unos minutos.',
      );
    }
    return c.json({ status: 'sent' as const }, 202);
  });

  app.openapi(confirmRoute, async (c) => {
    const { token } = c.req.valid('json');
    const outcome = await links.spend(token, c.get('userId'));
    if (outcome !== 'valid') throw linkError(outcome);
    try {
      await auth.api.verifyEmail({ query: { token }, headers: c.req.raw.headers });
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      throw linkError(error.body?.code === 'TOKEN_EXPIRED' ? 'expired' : 'invalid');
    }
    return c.json({ status: 'verified' as const }, 200);
  });

  return app;
}

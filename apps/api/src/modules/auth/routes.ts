import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@rumbo/contract';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { validationHook } from '../../http/validation.ts';
import { type Auth, PASSWORD_MIN_LENGTH, RESET_TOKEN_IDENTIFIER_PREFIX } from './auth.ts';

/** Error codes the web app maps to the Spanish texts of spec §8. */
export const AUTH_ERROR_CODES = {
  invalidCredential: 'invalid-credential',
  tooManyRequests: 'too-many-requests',
  expiredActionCode: 'expired-action-code',
  invalidActionCode: 'invalid-action-code',
  weakPassword: 'password-does-not-meet-requirements',
} as const;

const tokenRoute = createRoute({
  method: 'post',
  path: '/token',
  tags: ['Autenticación'],
  summary: 'Token de acceso para clientes de la API',
  description:
    'Recibe `username` (el correo) y `password` como formulario y devuelve un token para la cabecera `Authorization: Bearer`.',
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({ username: z.string().min(1).max(320), password: z.string().min(1).max(128) }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Token emitido',
      content: {
        'application/json': {
          schema: z.object({ access_token: z.string(), token_type: z.literal('bearer') }),
        },
      },
    },
    401: {
      description: 'Credenciales incorrectas',
      content: { 'application/json': { schema: apiErrorSchema } },
    },
    429: { description: 'Demasiados intentos', content: { 'application/json': { schema: apiErrorSchema } } },
  },
});

const confirmResetRoute = createRoute({
  method: 'post',
  path: '/password-reset/confirm',
  tags: ['Autenticación'],
  summary: 'Establecer una nueva contraseña con el código del correo',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            oobCode: z.string().min(1).max(200),
            password: z.string().min(PASSWORD_MIN_LENGTH, 'Mínimo 8 caracteres').max(128),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Contraseña cambiada',
      content: { 'application/json': { schema: z.object({ status: z.literal(true) }) } },
    },
    400: {
      description: 'Enlace caducado (`expired-action-code`) o no válido o ya usado (`invalid-action-code`)',
      content: { 'application/json': { schema: apiErrorSchema } },
    },
  },
});

export function authRoutes(auth: Auth, db: Db) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(tokenRoute, async (c) => {
    const { username, password } = c.req.valid('form');
    try {
      const result = await auth.api.signInEmail({
        body: { email: username, password, rememberMe: true },
        headers: c.req.raw.headers,
      });
      return c.json({ access_token: result.token, token_type: 'bearer' as const }, 200);
    } catch (error) {
      if (error instanceof APIError && error.statusCode === 429) {
        throw new AppError(
          429,
          AUTH_ERROR_CODES.tooManyRequests,
          'Demasiados intentos fallidos, intenta más tarde',
        );
      }
      if (error instanceof APIError && error.statusCode < 500) {
        throw new AppError(401, AUTH_ERROR_CODES.invalidCredential, 'Correo o contraseña incorrectos');
      }
      throw error;
    }
  });

  // Better Auth answers one INVALID_TOKEN for unknown, used and expired codes; the spec shows
  // different texts for expired and for invalid-or-used, so the stored row is looked at first.
  app.openapi(confirmResetRoute, async (c) => {
    const { oobCode, password } = c.req.valid('json');
    const [row] = await db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `${RESET_TOKEN_IDENTIFIER_PREFIX}${oobCode}`));
    if (row && row.expiresAt.getTime() <= Date.now()) {
      throw new AppError(400, AUTH_ERROR_CODES.expiredActionCode, 'El enlace ha expirado');
    }
    try {
      await auth.api.resetPassword({
        body: { token: oobCode, newPassword: password },
        headers: c.req.raw.headers,
      });
    } catch (error) {
      if (error instanceof APIError && error.statusCode === 429) {
        throw new AppError(
          429,
          AUTH_ERROR_CODES.tooManyRequests,
          'Demasiados intentos fallidos, intenta más tarde',
        );
      }
      if (error instanceof APIError && error.statusCode < 500) {
        throw new AppError(
          400,
          AUTH_ERROR_CODES.invalidActionCode,
          'El enlace no es válido o ya ha sido usado',
        );
      }
      throw error;
    }
    return c.json({ status: true as const }, 200);
  });

  return app;
}

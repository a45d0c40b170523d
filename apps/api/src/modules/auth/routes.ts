import { createRoute, z } from '@hono/zod-openapi';
import { AUTH_ERROR_CODES, apiErrorSchema, userText } from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { AppError } from '../../http/errors.ts';
import { AUTH_BASE_PATH, type Auth, CLIENT_IP_HEADER, PASSWORD_MIN_LENGTH } from './auth.ts';
import { tooManyAttempts } from './auth-errors.ts';
import { confirmPasswordReset } from './confirm-password-reset.ts';

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
          schema: z.object({ username: userText().min(1).max(320), password: userText().min(1).max(128) }),
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
            oobCode: userText().min(1).max(200),
            password: userText().min(PASSWORD_MIN_LENGTH, 'Mínimo 8 caracteres').max(128),
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
  const app = createRouter();

  // Through Better Auth's HTTP handler, not auth.api: its per-address rate limit applies only there, and
  // this way /api/token and /api/auth/sign-in/email share that limit and the lockout (ADR 0014).
  app.openapi(tokenRoute, async (c) => {
    const { username, password } = c.req.valid('form');
    const incoming = c.req.raw.headers;
    const headers = new Headers({ 'content-type': 'application/json' });
    for (const name of [CLIENT_IP_HEADER, 'user-agent']) {
      const value = incoming.get(name);
      if (value !== null) headers.set(name, value);
    }
    const res = await auth.handler(
      new Request(new URL(`${AUTH_BASE_PATH}/sign-in/email`, c.req.url), {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: username, password, rememberMe: true }),
      }),
    );
    if (res.ok) {
      const { token } = (await res.json()) as { token: string };
      return c.json({ access_token: token, token_type: 'bearer' as const }, 200);
    }
    if (res.status === 429) throw tooManyAttempts();
    if (res.status < 500) {
      throw new AppError(401, AUTH_ERROR_CODES.invalidCredential, 'Correo o contraseña incorrectos');
    }
    throw new Error(`sign-in answered ${res.status}`);
  });

  app.openapi(confirmResetRoute, async (c) => {
    await confirmPasswordReset(auth, db, c.req.raw.headers, c.req.valid('json'));
    return c.json({ status: true as const }, 200);
  });

  return app;
}

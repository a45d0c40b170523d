import { createRoute, z } from '@hono/zod-openapi';
import { AUTH_ERROR_CODES, apiErrorSchema, userText } from '@rumbo/contract';
import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { AppError } from '../../http/errors.ts';
import { AUTH_BASE_PATH, type Auth, CLIENT_IP_HEADER, PASSWORD_MIN_LENGTH } from './auth.ts';
import { tooManyAttempts } from './auth-errors.ts';
import { confirmPasswordReset, resetLinkState } from './confirm-password-reset.ts';

const tokenRoute = createRoute({
  method: 'post',
  path: '/token',
  tags: ['Autenticación'],
  summary: 'Token de acceso para clientes de la API',
  description:
    'Recibe `username` (el correo) y `password` como formulario y devuelve un token para la cabecera `Authorization: Bearer`. ' +
    'Una cuenta con verificación en dos pasos necesita también `code`: el código de 6 dígitos de su aplicación de autenticación o uno de sus códigos de respaldo (que solo sirve una vez); sin él la respuesta es 403 `multi-factor-auth-required` y no hay token.',
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({
            username: userText().min(1).max(320),
            password: userText().min(1).max(128),
            code: userText().trim().min(1).max(40).optional(),
          }),
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
      description:
        'Credenciales incorrectas (`invalid-credential`) o código incorrecto (`invalid-verification-code`)',
      content: { 'application/json': { schema: apiErrorSchema } },
    },
    403: {
      description: 'La cuenta tiene verificación en dos pasos y falta `code` (`multi-factor-auth-required`)',
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

const checkResetRoute = createRoute({
  method: 'post',
  path: '/password-reset/check',
  tags: ['Autenticación'],
  summary: 'Si el código del correo aún sirve, antes de pedir la contraseña nueva (no lo gasta)',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ oobCode: userText().min(1).max(200) }) } },
    },
  },
  responses: {
    200: {
      description: '`valid`, `expired` (caducado) o `invalid` (no existe o ya se usó)',
      content: {
        'application/json': { schema: z.object({ state: z.enum(['valid', 'expired', 'invalid']) }) },
      },
    },
  },
});

/** A refused sign-in step: 429 for the limits, 401 with `code` for the credentials; a 5xx is ours. */
function signInRefusal(status: number, code: string, message: string): Error {
  if (status === 429) return tooManyAttempts();
  if (status < 500) return new AppError(401, code, message);
  return new Error(`sign-in answered ${status}`);
}

function bearerToken(c: Context, token: string | undefined) {
  if (!token) throw new Error('sign-in answered without a session token');
  return c.json({ access_token: token, token_type: 'bearer' as const }, 200);
}

export function authRoutes(auth: Auth, db: Db) {
  const app = createRouter();

  // Through Better Auth's HTTP handler, not auth.api: its per-address rate limit applies only there, and
  // this way /api/token and /api/auth/sign-in/email share that limit and the lockout (ADR 0014).
  app.openapi(tokenRoute, async (c) => {
    const { username, password, code } = c.req.valid('form');
    const incoming = c.req.raw.headers;
    const headers = new Headers({ 'content-type': 'application/json' });
    for (const name of [CLIENT_IP_HEADER, 'user-agent']) {
      const value = incoming.get(name);
      if (value !== null) headers.set(name, value);
    }
    const call = (path: string, callHeaders: Headers, body: unknown) =>
      auth.handler(
        new Request(new URL(`${AUTH_BASE_PATH}${path}`, c.req.url), {
          method: 'POST',
          headers: callHeaders,
          body: JSON.stringify(body),
        }),
      );
    const res = await call('/sign-in/email', headers, { email: username, password, rememberMe: true });
    if (!res.ok)
      throw signInRefusal(res.status, AUTH_ERROR_CODES.invalidCredential, 'Correo o contraseña incorrectos');
    const signedIn = (await res.json()) as { token?: string; twoFactorRedirect?: boolean };
    if (signedIn.twoFactorRedirect !== true) return bearerToken(c, signedIn.token);
    // The password was right, but it is only the first factor (ADR 0023).
    if (code === undefined) {
      throw new AppError(
        403,
        AUTH_ERROR_CODES.secondFactorRequired,
        'Esta cuenta tiene la verificación en dos pasos activada: envía también `code` con el código de tu aplicación de autenticación (o un código de respaldo), o inicia sesión en la web',
      );
    }
    // The challenge is the cookie the sign-in set: sent back with the code, from the app's origin, as the
    // login screen does.
    const challenge = res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const codeHeaders = new Headers(headers);
    codeHeaders.set('cookie', challenge);
    codeHeaders.set('origin', c.get('publicOrigin'));
    const verifyPath = /^\d{6}$/.test(code) ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code';
    const verified = await call(verifyPath, codeHeaders, { code });
    if (!verified.ok) {
      throw signInRefusal(verified.status, AUTH_ERROR_CODES.invalidSecondFactor, 'El código no es correcto');
    }
    return bearerToken(c, ((await verified.json()) as { token?: string }).token);
  });

  app.openapi(checkResetRoute, async (c) =>
    c.json({ state: await resetLinkState(db, c.req.valid('json').oobCode) }, 200),
  );
  app.openapi(confirmResetRoute, async (c) => {
    await confirmPasswordReset(auth, db, c.req.raw.headers, c.req.valid('json'));
    return c.json({ status: true as const }, 200);
  });

  return app;
}

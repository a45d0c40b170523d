import { createRoute } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  ERROR_CODES,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { AppError } from '../../http/errors.ts';
import { json } from '../../http/openapi.ts';
import { setProductMail, userOfUnsubscribeToken } from './unsubscribe.ts';

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/mail/unsubscribe',
  tags: ['Usuarios'],
  summary: 'Dejar de recibir los correos de Rumbo desde el enlace de un correo, sin sesión',
  description:
    'El enlace firmado de cada correo (`token`) apaga «Correos de Rumbo» de su destinatario. Los programas de ' +
    'correo envían aquí `List-Unsubscribe=One-Click` (RFC 8058). El correo de restablecer la contraseña se ' +
    'sigue enviando.',
  request: { query: unsubscribeQuerySchema },
  responses: {
    200: { description: 'Ya no recibirá esos correos', content: json(unsubscribeResultSchema) },
    400: { description: 'El enlace no es válido', content: json(apiErrorSchema) },
  },
});

/** The unsubscribe link's endpoint (ADR 0050): open to anyone holding a signed token. */
export function mailRoutes(db: Db, secret: string) {
  const app = createRouter();
  app.openapi(unsubscribeRoute, async (c) => {
    const userId = userOfUnsubscribeToken(secret, c.req.valid('query').token);
    if (userId === null || !(await setProductMail(db, userId, false))) {
      throw new AppError(400, ERROR_CODES.validation, 'Este enlace para darte de baja no es válido.');
    }
    return c.json({ product_mail: false as const }, 200);
  });
  return app;
}

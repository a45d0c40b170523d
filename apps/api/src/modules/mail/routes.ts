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
import { changePreferences } from '../notifications/preferences.ts';
import { userExists } from '../users/find-user.ts';
import { readUnsubscribeToken, setProductMail } from './unsubscribe.ts';

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/mail/unsubscribe',
  tags: ['Usuarios'],
  summary: 'Dejar de recibir los correos de Rumbo desde el enlace de un correo, sin sesión',
  description:
    'El enlace firmado de cada correo (`token`) apaga «Correos de Rumbo» de su destinatario, o solo el tipo de ' +
    'aviso que nombra (`topic`, los correos de las notificaciones). Los programas de ' +
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
    const read = readUnsubscribeToken(secret, c.req.valid('query').token);
    const invalid = new AppError(400, ERROR_CODES.validation, 'Este enlace para darte de baja no es válido.');
    if (read === null) throw invalid;
    if (read.topic) {
      // A notification's mail names its kind (ADR 0056): only that kind is turned off.
      if (!(await userExists(db, read.userId))) throw invalid;
      await changePreferences(db, read.userId, { [read.topic]: false });
      return c.json({ product_mail: true, topic: read.topic }, 200);
    }
    if (!(await setProductMail(db, read.userId, false))) throw invalid;
    return c.json({ product_mail: false, topic: null }, 200);
  });
  return app;
}

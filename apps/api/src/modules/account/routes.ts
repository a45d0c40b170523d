import { Readable } from 'node:stream';
import { createRoute } from '@hono/zod-openapi';
import { deleteAccountSchema } from '@rumbo/contract';
import contentDisposition from 'content-disposition';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { createRouter } from '../../http/create-router.ts';
import { AppError } from '../../http/errors.ts';
import { errorResponse, json, signedIn } from '../../http/openapi.ts';
import type { Auth } from '../auth/auth.ts';
import type { FileStorage } from '../files/storage.ts';
import { closeAccount } from './close-account.ts';
import { exportUserData } from './export-data.ts';

const tags = ['Cuenta'];

const exportRoute = createRoute({
  method: 'get',
  path: '/users/me/export',
  tags,
  summary: 'Descargar mis datos (zip)',
  description:
    'Un archivo zip con el perfil, los negocios (con sus investigaciones de mercado y logos), los chats con sus mensajes y archivos adjuntos, y el historial de créditos. Una descarga a la vez por usuario.',
  security: signedIn,
  responses: {
    200: {
      description: 'El archivo',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    },
    401: errorResponse('Sin sesión'),
    429: errorResponse('Ya hay una descarga en curso'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/users/me',
  tags,
  summary: 'Eliminar mi cuenta',
  description:
    'Con `confirmation` = `ELIMINAR` o el correo de la cuenta. Cancela primero la suscripción de pago en el proveedor; si el proveedor no la cancela, no se borra nada (502 `SUBSCRIPTION_CANCEL_FAILED`). Después borra todos los datos y archivos del usuario y cierra todas sus sesiones.',
  security: signedIn,
  request: { body: { required: true, content: json(deleteAccountSchema) } },
  responses: {
    204: { description: 'Cuenta eliminada; la cookie de sesión se borra' },
    400: errorResponse('La confirmación no coincide (`CONFIRMATION_MISMATCH`)'),
    401: errorResponse('Sin sesión'),
    502: errorResponse('El proveedor de pagos no canceló la suscripción; no se ha borrado nada'),
  },
});

export interface AccountDeps {
  auth: Auth;
  db: Db;
  env: Env;
  storage: FileStorage;
}

/** The user's own data, out (export) and gone (deletion): ADR 0047. */
export function accountRoutes({ auth, db, env, storage }: AccountDeps) {
  const app = createRouter();
  // Exports in progress in this process, by user: one at a time keeps a user from piling up archives.
  const exporting = new Set<number>();

  app.openapi(exportRoute, async (c) => {
    const userId = c.get('userId');
    if (exporting.has(userId)) {
      throw new AppError(
        429,
        'EXPORT_IN_PROGRESS',
        'Ya estamos preparando tus datos; espera a que termine la descarga',
      );
    }
    exporting.add(userId);
    let stream: Readable;
    try {
      stream = await exportUserData(db, storage, userId);
    } catch (error) {
      exporting.delete(userId);
      throw error;
    }
    stream.once('close', () => exporting.delete(userId));
    stream.once('end', () => exporting.delete(userId));
    // A failure once bytes are out (storage or database gone) cuts the download; the server carries on.
    const logger = c.get('logger');
    stream.once('error', (error) => {
      exporting.delete(userId);
      logger.warn({ err: error, userId }, 'the data export stopped');
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': contentDisposition(`rumbo-mis-datos-${day}.zip`),
        'cache-control': 'no-store',
      },
    }) as never;
  });

  app.openapi(deleteRoute, async (c) => {
    const { confirmation } = c.req.valid('json');
    await closeAccount({ db, env, storage, logger: c.get('logger') }, c.get('userId'), confirmation);
    // Its sessions went with the account; this only expires the browser's cookies.
    const signedOut = await auth.api
      .signOut({ headers: c.req.raw.headers, asResponse: true })
      .catch(() => undefined);
    auth.sessions.clear();
    const res = c.body(null, 204);
    for (const cookie of signedOut?.headers.getSetCookie() ?? []) res.headers.append('set-cookie', cookie);
    return res;
  });
  return app;
}

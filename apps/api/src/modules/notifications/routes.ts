import { createRoute } from '@hono/zod-openapi';
import {
  apiErrorSchema,
  notificationListQuerySchema,
  notificationOpenSchema,
  notificationPageSchema,
  notificationPreferencesPatchSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { json, named, signedIn } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import type { TrackEvent } from '../../lib/track.ts';
import { listNotifications, unreadCount } from './list-notifications.ts';
import { markAllRead, markRead, openNotification } from './mark-read.ts';
import { notificationUser, preferencesOf } from './notification-store.ts';
import { changePreferences } from './preferences.ts';

const tags = ['Notificaciones'];
const errors = {
  400: { description: 'Datos no válidos', content: json(apiErrorSchema) },
  401: { description: 'Sin sesión', content: json(apiErrorSchema) },
  403: { description: 'El plan no incluye las notificaciones', content: json(apiErrorSchema) },
  404: { description: 'No existe o no es tuya', content: json(apiErrorSchema) },
};
const PLAN_NOTE =
  'Planes CEO (403 `NOTIFICATIONS_NOT_ALLOWED`); la notificación de otro usuario no existe (404).';

/** The notification centre and its preferences (ADR 0056): only the user's own, on a plan that has them. */
export function notificationRoutes(deps: { db: Db; track: TrackEvent }) {
  const { db } = deps;
  const app = createRouter();
  const unread = { 200: { description: 'Sin leer', content: json(named(unreadCountSchema, 'SinLeer')) } };
  const preferences = named(notificationPreferencesSchema, 'PreferenciasDeNotificaciones');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/notifications',
      tags,
      summary: 'Las notificaciones, de la más nueva a la más antigua, por páginas',
      description: PLAN_NOTE,
      security: signedIn,
      request: { query: notificationListQuerySchema },
      responses: {
        200: { description: 'Una página', content: json(named(notificationPageSchema, 'Notificaciones')) },
        ...errors,
      },
    }),
    async (c) => {
      const userId = c.get('userId');
      await notificationUser(db, userId);
      return c.json(await listNotifications(db, userId, c.req.valid('query')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/notifications/unread-count',
      tags,
      summary: 'Cuántas notificaciones quedan sin leer (la campana)',
      description: PLAN_NOTE,
      security: signedIn,
      responses: { ...unread, ...errors },
    }),
    async (c) => {
      const userId = c.get('userId');
      await notificationUser(db, userId);
      return c.json({ unread: await unreadCount(db, userId) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/notifications/{id}/read',
      tags,
      summary: 'Marcar una notificación como leída',
      description: PLAN_NOTE,
      security: signedIn,
      request: { params: idParams },
      responses: { ...unread, ...errors },
    }),
    async (c) => {
      const userId = c.get('userId');
      await notificationUser(db, userId);
      return c.json({ unread: await markRead(db, userId, c.req.valid('param').id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/notifications/{id}/open',
      tags,
      summary: 'Abrir una notificación (desde el centro o desde el enlace de un correo): queda leída',
      description: `${PLAN_NOTE} Registra «Notificación abierta» con su tipo y el canal.`,
      security: signedIn,
      request: {
        params: idParams,
        body: { required: true, content: json(named(notificationOpenSchema, 'AperturaDeNotificacion')) },
      },
      responses: { ...unread, ...errors },
    }),
    async (c) => {
      const userId = c.get('userId');
      await notificationUser(db, userId);
      const { via } = c.req.valid('json');
      return c.json(
        { unread: await openNotification(db, deps.track, userId, c.req.valid('param').id, via) },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/notifications/read-all',
      tags,
      summary: 'Marcar todas como leídas',
      description: PLAN_NOTE,
      security: signedIn,
      responses: { ...unread, ...errors },
    }),
    async (c) => {
      const userId = c.get('userId');
      await notificationUser(db, userId);
      return c.json({ unread: await markAllRead(db, userId) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/notifications/preferences',
      tags,
      summary: 'Qué notificaciones recibe y cada cuánto por correo',
      description: PLAN_NOTE,
      security: signedIn,
      responses: { 200: { description: 'Las preferencias', content: json(preferences) }, ...errors },
    }),
    async (c) => {
      const userId = c.get('userId');
      await notificationUser(db, userId);
      return c.json(await preferencesOf(db, userId), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/notifications/preferences',
      tags,
      summary: 'Cambiar las preferencias: solo cambia lo que se nombra',
      description: PLAN_NOTE,
      security: signedIn,
      request: {
        body: {
          required: true,
          content: json(named(notificationPreferencesPatchSchema, 'CambioDePreferencias')),
        },
      },
      responses: { 200: { description: 'Las preferencias', content: json(preferences) }, ...errors },
    }),
    async (c) => {
      const userId = c.get('userId');
      await notificationUser(db, userId);
      return c.json(await changePreferences(db, userId, c.req.valid('json')), 200);
    },
  );
  return app;
}

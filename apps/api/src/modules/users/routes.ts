import { createRoute } from '@hono/zod-openapi';
import {
  analyticsPreferenceSchema,
  productUserSchema as contractProductUserSchema,
  profileSchema as contractProfileSchema,
  mailPreferenceSchema,
  onboardingInputSchema,
  signupInputSchema,
  timeZoneSchema,
  updateProfileSchema,
} from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import { createRouter } from '../../http/create-router.ts';
import { errorResponse, json, named, signedIn } from '../../http/openapi.ts';
import type { TrackEvent } from '../../lib/track.ts';
import { setProductMail } from '../mail/unsubscribe.ts';
import { changeFullName } from './change-full-name.ts';
import { getProductUser } from './get-product-user.ts';
import { getProfile } from './get-profile.ts';
import { saveOnboarding } from './save-onboarding.ts';
import { setAnalyticsPreference } from './set-analytics-preference.ts';
import { setTimeZone } from './set-time-zone.ts';

// Named components in the OpenAPI document.
const productUserSchema = named(contractProductUserSchema, 'ProductUser');
const profileSchema = named(contractProfileSchema, 'Profile');

const meRoute = createRoute({
  method: 'get',
  path: '/users/me',
  tags: ['Usuarios'],
  summary: 'El usuario de producto de la sesión',
  security: signedIn,
  responses: {
    200: { description: 'El usuario', content: { 'application/json': { schema: productUserSchema } } },
    401: errorResponse('Sin sesión'),
  },
});

const signupRoute = createRoute({
  method: 'post',
  path: '/users/signup',
  tags: ['Usuarios'],
  summary: 'Registro en el producto (idempotente)',
  description:
    'El usuario de producto se crea en el mismo momento que la cuenta; esta llamada devuelve el existente.',
  security: signedIn,
  request: { body: { content: { 'application/json': { schema: signupInputSchema } }, required: false } },
  responses: {
    200: { description: 'El usuario', content: { 'application/json': { schema: productUserSchema } } },
    401: errorResponse('Sin sesión'),
  },
});

const profileRoute = createRoute({
  method: 'get',
  path: '/auth/profile',
  tags: ['Usuarios'],
  summary: 'Correo, nombre y créditos',
  security: signedIn,
  responses: {
    200: { description: 'El perfil', content: { 'application/json': { schema: profileSchema } } },
    401: errorResponse('Sin sesión'),
  },
});

const updateMeRoute = createRoute({
  method: 'patch',
  path: '/users/me',
  tags: ['Usuarios'],
  summary: 'Cambiar el nombre completo',
  description: 'Solo cambia `full_name` (recortado, 1–100 caracteres); el correo no se cambia aquí.',
  security: signedIn,
  request: { body: { required: true, content: json(updateProfileSchema) } },
  responses: {
    200: { description: 'El usuario', content: { 'application/json': { schema: productUserSchema } } },
    400: errorResponse('Nombre no válido (`field`: full_name)'),
    401: errorResponse('Sin sesión'),
  },
});

const onboardingRoute = createRoute({
  method: 'put',
  path: '/users/me/onboarding',
  tags: ['Usuarios'],
  summary: 'Respuestas del onboarding (cómo nos conoció)',
  security: signedIn,
  request: {
    body: { required: true, content: { 'application/json': { schema: onboardingInputSchema } } },
  },
  responses: {
    204: { description: 'Guardado' },
    400: errorResponse('Datos no válidos (`field` dice cuál)'),
    401: errorResponse('Sin sesión'),
  },
});

const analyticsPreferenceRoute = createRoute({
  method: 'put',
  path: '/users/me/analytics',
  tags: ['Usuarios'],
  summary: 'Si la analítica de uso puede asociarse a la persona (página de privacidad)',
  description:
    'Con `personal: false`, los eventos del usuario se guardan sin su identidad y no se envía su perfil.',
  security: signedIn,
  request: { body: { required: true, content: json(analyticsPreferenceSchema) } },
  responses: {
    200: { description: 'La preferencia guardada', content: json(analyticsPreferenceSchema) },
    400: errorResponse('Datos no válidos'),
    401: errorResponse('Sin sesión'),
  },
});

const mailPreferenceRoute = createRoute({
  method: 'put',
  path: '/users/me/mail',
  tags: ['Usuarios'],
  summary: '«Correos de Rumbo»: si se envían los avisos del estudio de mercado (listo, o no pudo terminar)',
  description: 'El correo para restablecer la contraseña se envía siempre.',
  security: signedIn,
  request: { body: { required: true, content: json(mailPreferenceSchema) } },
  responses: {
    200: { description: 'La preferencia guardada', content: json(mailPreferenceSchema) },
    400: errorResponse('Datos no válidos'),
    401: errorResponse('Sin sesión'),
  },
});

const timeZoneRoute = createRoute({
  method: 'put',
  path: '/users/me/time-zone',
  tags: ['Usuarios'],
  summary: 'La zona horaria del navegador (IANA), para avisar por la mañana de la persona',
  description: 'La web la envía al iniciar sesión o al abrirse; se valida con Intl.',
  security: signedIn,
  request: { body: { required: true, content: json(timeZoneSchema) } },
  responses: {
    200: { description: 'La zona guardada', content: json(timeZoneSchema) },
    400: errorResponse('Zona horaria no válida'),
    401: errorResponse('Sin sesión'),
  },
});

export function usersRoutes(db: Db, adminEmails: readonly string[], track: TrackEvent) {
  const app = createRouter();
  const productUser = (userId: number) => getProductUser(db, userId, adminEmails);
  app.openapi(meRoute, async (c) => c.json(await productUser(c.get('userId')), 200));
  app.openapi(signupRoute, async (c) => c.json(await productUser(c.get('userId')), 200));
  app.openapi(updateMeRoute, async (c) => {
    await changeFullName(db, c.get('userId'), c.req.valid('json').full_name);
    return c.json(await productUser(c.get('userId')), 200);
  });
  app.openapi(onboardingRoute, async (c) => {
    await saveOnboarding(db, track, c.get('userId'), c.req.valid('json'));
    return c.body(null, 204);
  });
  app.openapi(analyticsPreferenceRoute, async (c) => {
    const { personal } = c.req.valid('json');
    await setAnalyticsPreference(db, c.get('userId'), personal);
    return c.json({ personal }, 200);
  });
  app.openapi(mailPreferenceRoute, async (c) => {
    const { product_mail } = c.req.valid('json');
    await setProductMail(db, c.get('userId'), product_mail);
    return c.json({ product_mail }, 200);
  });
  app.openapi(timeZoneRoute, async (c) => {
    const { time_zone } = c.req.valid('json');
    await setTimeZone(db, c.get('userId'), time_zone);
    return c.json({ time_zone }, 200);
  });
  app.openapi(profileRoute, async (c) => c.json(await getProfile(db, c.get('userId')), 200));
  return app;
}

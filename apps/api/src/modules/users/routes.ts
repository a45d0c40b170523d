import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  analyticsPreferenceSchema,
  onboardingInputSchema,
  PRODUCT_EVENTS,
  USER_NAME_MAX_LENGTH,
  updateProfileSchema,
  userText,
} from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponse, json, signedIn } from '../../http/openapi.ts';
import { userRole } from '../../http/operators.ts';
import { requireUser } from '../../http/session.ts';
import { validationHook } from '../../http/validation.ts';
import type { TrackEvent } from '../../lib/track.ts';
import type { Auth } from '../auth/auth.ts';
import { balance as creditBalance } from '../credits/credits.ts';

export const productUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    full_name: z.string(),
    is_active: z.boolean(),
    role: z.string(),
    plan_id: z.number().int(),
    /** null means unlimited (plan 12). */
    available_credits: z.number().int().nullable(),
  })
  .openapi('ProductUser');

const profileSchema = z
  .object({
    email: z.string(),
    full_name: z.string(),
    credits: z.number().int().nullable(),
    /** Whether the user's analytics events may be tied to them (privacy page; off = anonymous). */
    analytics_personal: z.boolean(),
    /** Sign-in asks for a code from an authenticator app. */
    two_factor_enabled: z.boolean(),
  })
  .openapi('Profile');

const signupBodySchema = z.object({
  username: userText().max(80).optional(),
  email: userText().max(320).optional(),
  full_name: userText().max(USER_NAME_MAX_LENGTH).optional(),
  external_id: userText().max(200).optional(),
  language: z.literal('es').optional(),
});

type UserRow = typeof users.$inferSelect;

/**
 * The product user of product.md §3 with its real balance (null: unlimited, plan 12; never below 0), and the
 * role 'admin' for the operators ADMIN_EMAILS names.
 */
export async function toProductUser(
  db: Db,
  user: UserRow,
  adminEmails: readonly string[],
): Promise<z.infer<typeof productUserSchema>> {
  return {
    id: user.id,
    username: user.username,
    full_name: user.fullName,
    is_active: user.isActive,
    role: userRole(adminEmails, user),
    plan_id: user.planId,
    // Reading the balance also renews the Starter plan's monthly credits when a new month has begun.
    available_credits: await creditBalance(db, user.id),
  };
}

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
  request: { body: { content: { 'application/json': { schema: signupBodySchema } }, required: false } },
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

export function usersRoutes(auth: Auth, db: Db, adminEmails: readonly string[], track: TrackEvent) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/users/*', requireUser(auth));
  app.use('/auth/profile', requireUser(auth));

  const currentUser = async (id: number) => {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound('Usuario no encontrado');
    return user;
  };

  const productUser = async (id: number) => toProductUser(db, await currentUser(id), adminEmails);
  app.openapi(meRoute, async (c) => c.json(await productUser(c.get('userId')), 200));
  app.openapi(signupRoute, async (c) => c.json(await productUser(c.get('userId')), 200));
  app.openapi(updateMeRoute, async (c) => {
    const { full_name } = c.req.valid('json');
    await db
      .update(users)
      .set({ fullName: full_name, updatedAt: new Date() })
      .where(eq(users.id, c.get('userId')));
    return c.json(await productUser(c.get('userId')), 200);
  });
  // product.md §2.5: the answer of onboarding step 1 is kept on the user (a repeated onboarding overwrites it).
  app.openapi(onboardingRoute, async (c) => {
    const { discovery_source } = c.req.valid('json');
    await db
      .update(users)
      .set({ discoverySource: discovery_source, updatedAt: new Date() })
      .where(eq(users.id, c.get('userId')));
    // product.md §3: the discovery source is reported to analytics as the traffic source.
    track({
      name: PRODUCT_EVENTS.trafficSource,
      userId: c.get('userId'),
      properties: { source: discovery_source },
    });
    return c.body(null, 204);
  });
  app.openapi(analyticsPreferenceRoute, async (c) => {
    const { personal } = c.req.valid('json');
    await db
      .update(users)
      .set({ analyticsOptOut: !personal, updatedAt: new Date() })
      .where(eq(users.id, c.get('userId')));
    return c.json({ personal }, 200);
  });
  app.openapi(profileRoute, async (c) => {
    const user = await currentUser(c.get('userId'));
    const credits = await creditBalance(db, user.id);
    return c.json(
      {
        email: user.email,
        full_name: user.fullName,
        credits,
        analytics_personal: !user.analyticsOptOut,
        two_factor_enabled: user.twoFactorEnabled,
      },
      200,
    );
  });
  return app;
}

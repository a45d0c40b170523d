import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  BILLING_ERROR_CODES,
  checkoutStatusSchema,
  createSubscriptionBodySchema,
  createSubscriptionResponseSchema,
  currentSubscriptionSchema,
  PLAN_CODES,
  type PlanId,
  PRODUCT_EVENTS,
  portalBodySchema,
  portalResponseSchema,
  STARTER_PLAN,
} from '@rumbo/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingSessions, users } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import type { AppEnv } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { errorResponse, signedIn } from '../../http/openapi.ts';
import { textIdParam } from '../../http/params.ts';
import { requireUser } from '../../http/session.ts';
import { validationHook } from '../../http/validation.ts';
import type { TrackEvent } from '../../lib/track.ts';
import type { Logger } from '../../logger.ts';
import type { Auth } from '../auth/auth.ts';
import {
  chooseStarterPlan,
  currentSubscription,
  hasLiveSubscription,
  subscriptionActive,
  subscriptionOf,
} from './fulfilment.ts';
import { localPagesRoutes } from './local-pages.ts';
import { createLocalBilling, type LocalBilling } from './local-provider.ts';
import type { BillingProvider } from './provider.ts';
import { createStripeBilling, type StripeBilling } from './stripe-provider.ts';

export interface Billing {
  /** Null in production without Stripe keys: paid plans are then unavailable (ADR 0007). */
  provider: BillingProvider | null;
  stripe?: StripeBilling;
  local?: LocalBilling;
}

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the local test checkout, except in production. */
export function createBilling(env: Env, db: Db, logger: Logger): Billing {
  if (env.STRIPE_SECRET_KEY) {
    const stripe = createStripeBilling(env, db);
    return { provider: stripe, stripe };
  }
  if (env.NODE_ENV === 'production') {
    logger.error(
      'Payments are disabled: STRIPE_SECRET_KEY is not set, and the local test checkout is refused with NODE_ENV=production. Paid plans answer 503 until Stripe is configured.',
    );
    return { provider: null };
  }
  logger.warn('No STRIPE_SECRET_KEY: paid plans use the local test checkout (nothing is charged).');
  const local = createLocalBilling(db);
  return { provider: local, local };
}

const security = signedIn;
const tags = ['Suscripciones'];

const createRouteDef = createRoute({
  method: 'post',
  path: '/subscriptions',
  tags,
  summary: 'Elegir un plan',
  description:
    'Plan 9 (Starter): se aplica al momento con sus 100 créditos del mes y responde `url: null`. ' +
    'Plan de pago: abre un pago (Stripe Checkout, o la página de pago de prueba sin Stripe) y responde su `url`. ' +
    '`success_url` y `cancel_url` se aceptan pero se ignoran: las direcciones de vuelta salen de PUBLIC_URL o, sin ella, de la dirección que usa el navegador.',
  security,
  request: {
    body: { required: true, content: { 'application/json': { schema: createSubscriptionBodySchema } } },
  },
  responses: {
    200: {
      description: 'Plan aplicado (url null) o dirección del pago',
      content: { 'application/json': { schema: createSubscriptionResponseSchema } },
    },
    400: errorResponse('Plan no válido'),
    401: errorResponse('Sin sesión'),
    409: errorResponse(
      '`SUBSCRIPTION_ACTIVE`: ya hay una suscripción de pago; los cambios van por el portal',
    ),
    503: errorResponse('`PAYMENTS_UNAVAILABLE`: pagos no configurados en este servidor'),
  },
});

const portalRoute = createRoute({
  method: 'post',
  path: '/subscriptions/handle',
  tags,
  summary: 'Gestionar la suscripción (portal de cliente)',
  description: 'Responde la dirección del portal; `return_url` se ignora: el portal vuelve a /profile/sub.',
  security,
  request: { body: { required: false, content: { 'application/json': { schema: portalBodySchema } } } },
  responses: {
    200: {
      description: 'Dirección del portal',
      content: { 'application/json': { schema: portalResponseSchema } },
    },
    401: errorResponse('Sin sesión'),
    409: errorResponse('`NO_SUBSCRIPTION`: no hay suscripción de pago activa que gestionar'),
    503: errorResponse('`PAYMENTS_UNAVAILABLE`: pagos no configurados en este servidor'),
  },
});

const currentRoute = createRoute({
  method: 'get',
  path: '/subscriptions/current',
  tags,
  summary: 'El plan actual y su fecha de renovación',
  security,
  responses: {
    200: {
      description: 'El plan actual',
      content: { 'application/json': { schema: currentSubscriptionSchema } },
    },
    401: errorResponse('Sin sesión'),
  },
});

const sessionRoute = createRoute({
  method: 'get',
  path: '/subscriptions/{session}',
  tags,
  summary: 'Resultado de un pago',
  description:
    'Vuelve a leer la sesión de pago del proveedor y, si está pagada y el webhook aún no llegó, aplica el plan y ' +
    "los créditos (una sola vez). Solo `status: 'paid'` es éxito. Solo para sesiones del propio usuario.",
  security,
  request: { params: z.object({ session: textIdParam('session') }) },
  responses: {
    200: {
      description: 'Estado del pago',
      content: { 'application/json': { schema: checkoutStatusSchema } },
    },
    401: errorResponse('Sin sesión'),
    404: errorResponse('Sesión desconocida o de otro usuario'),
  },
});

const webhookRoute = createRoute({
  method: 'post',
  path: '/webhooks/stripe',
  tags: ['Webhooks'],
  summary: 'Eventos de Stripe',
  description:
    'Verifica la cabecera `Stripe-Signature` sobre el cuerpo tal cual llega. Un evento ya aplicado no cambia nada; ' +
    'si su aplicación falla responde 500 para que Stripe lo reintente.',
  responses: {
    200: {
      description: 'Evento aplicado (o ya aplicado antes)',
      content: { 'application/json': { schema: z.object({ received: z.literal(true) }) } },
    },
    400: errorResponse('`INVALID_SIGNATURE`: firma no válida; no cambia nada'),
    500: errorResponse('El evento no se pudo aplicar; Stripe lo reintentará'),
    503: errorResponse('Stripe no está configurado en este servidor'),
  },
});

const paymentsUnavailable = () =>
  new AppError(
    503,
    BILLING_ERROR_CODES.paymentsUnavailable,
    'Los pagos no están disponibles en este momento. Inténtalo más tarde.',
  );

export function billingRoutes(deps: { auth: Auth; db: Db; env: Env; billing: Billing; track: TrackEvent }) {
  const { auth, db, env, billing, track } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/subscriptions', requireUser(auth));
  app.use('/subscriptions/*', requireUser(auth));

  app.openapi(createRouteDef, async (c) => {
    const userId = c.get('userId');
    const planId = c.req.valid('json').plan_id as PlanId;
    track({
      name: PRODUCT_EVENTS.planChosen,
      userId,
      properties: { plan_id: planId, plan: PLAN_CODES[planId] },
    });
    if (planId === STARTER_PLAN) {
      await chooseStarterPlan(db, userId);
      return c.json({ url: null, plan_id: planId }, 200);
    }
    if (!billing.provider) throw paymentsUnavailable();
    // A subscription left by another provider (a local database later given Stripe keys) does not block.
    const current = await subscriptionOf(db, userId);
    if (hasLiveSubscription(current) && current.provider === billing.provider.name)
      throw subscriptionActive();
    const [user] = await db
      .select({ email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound('Usuario no encontrado');
    const { url } = await billing.provider.createCheckout({
      userId,
      planId,
      ...user,
      origin: c.get('publicOrigin'),
    });
    return c.json({ url, plan_id: planId }, 200);
  });

  app.openapi(portalRoute, async (c) => {
    if (!billing.provider) throw paymentsUnavailable();
    return c.json(await billing.provider.createPortal(c.get('userId'), c.get('publicOrigin')), 200);
  });

  // Before /subscriptions/{session}, which would otherwise take 'current' for a session id.
  app.openapi(currentRoute, async (c) => c.json(await currentSubscription(db, c.get('userId')), 200));

  app.openapi(sessionRoute, async (c) => {
    const userId = c.get('userId');
    const { session } = c.req.valid('param');
    const [row] = await db
      .select()
      .from(billingSessions)
      .where(
        and(
          eq(billingSessions.id, session),
          eq(billingSessions.userId, userId),
          eq(billingSessions.kind, 'checkout'),
        ),
      );
    // Another user's session is as unknown as a made-up one.
    if (!row || !billing.provider || row.provider !== billing.provider.name) {
      throw notFound('No se ha encontrado el pago');
    }
    return c.json({ status: await billing.provider.checkoutStatus(row) }, 200);
  });

  app.openapi(webhookRoute, async (c) => {
    if (!billing.stripe) throw paymentsUnavailable();
    // The signature covers the exact bytes received: read them raw, before anything parses them.
    const raw = new Uint8Array(await c.req.arrayBuffer());
    await billing.stripe.handleWebhook(raw, c.req.header('stripe-signature'), c.get('logger'));
    return c.json({ received: true as const }, 200);
  });

  if (billing.local) app.route('/', localPagesRoutes(billing.local, env));
  return app;
}

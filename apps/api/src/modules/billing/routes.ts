import { createRoute, z } from '@hono/zod-openapi';
import {
  checkoutStatusSchema,
  createSubscriptionBodySchema,
  createSubscriptionResponseSchema,
  currentSubscriptionSchema,
  PLAN_CODES,
  type PlanId,
  PRODUCT_EVENTS,
  portalBodySchema,
  portalResponseSchema,
} from '@rumbo/contract';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { createRouter } from '../../http/create-router.ts';
import { errorResponse, signedIn } from '../../http/openapi.ts';
import { textIdParam } from '../../http/params.ts';
import type { TrackEvent } from '../../lib/track.ts';
import type { Logger } from '../../logger.ts';
import { checkoutStatus } from './checkout-status.ts';
import { choosePlan, paymentsUnavailable } from './choose-plan.ts';
import { currentSubscription } from './fulfilment.ts';
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

export function billingRoutes(deps: { db: Db; env: Env; billing: Billing; track: TrackEvent }) {
  const { db, env, billing, track } = deps;
  const app = createRouter();

  app.openapi(createRouteDef, async (c) => {
    const userId = c.get('userId');
    const planId = c.req.valid('json').plan_id as PlanId;
    track({
      name: PRODUCT_EVENTS.planChosen,
      userId,
      properties: { plan_id: planId, plan: PLAN_CODES[planId] },
    });
    const { url } = await choosePlan(db, billing.provider, { userId, planId, origin: c.get('publicOrigin') });
    return c.json({ url, plan_id: planId }, 200);
  });

  app.openapi(portalRoute, async (c) => {
    if (!billing.provider) throw paymentsUnavailable();
    return c.json(await billing.provider.createPortal(c.get('userId'), c.get('publicOrigin')), 200);
  });

  // Before /subscriptions/{session}, which would otherwise take 'current' for a session id.
  app.openapi(currentRoute, async (c) => c.json(await currentSubscription(db, c.get('userId')), 200));

  app.openapi(sessionRoute, async (c) => {
    const { session } = c.req.valid('param');
    return c.json({ status: await checkoutStatus(db, billing.provider, c.get('userId'), session) }, 200);
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

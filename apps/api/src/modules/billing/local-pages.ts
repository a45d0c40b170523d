import fs from 'node:fs';
import { createRoute, z } from '@hono/zod-openapi';
import { isPaidPlan, PAID_PLANS, type Plan, type PlanId, planOf } from '@rumbo/contract';
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Env } from '../../env.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/create-router.ts';
import { textIdParam } from '../../http/params.ts';
import { codeFile } from '../../paths.ts';
import { LOCAL_PAGES_PATH, type LocalBilling, type LocalOutcome } from './local-provider.ts';

/**
 * The pages of the local test checkout: plain HTML forms, no script (the CSP allows only our own
 * script files, and none is needed), one stylesheet from a static path. Spanish, as all user text.
 */

const STYLESHEET = fs.readFileSync(codeFile('modules/billing/local-checkout.css'));
const STYLESHEET_PATH = `${LOCAL_PAGES_PATH}/assets/local-checkout.css`;
export const CHECKOUT_PAGE_TITLE = 'Pago de prueba — no se realizará ningún cargo';

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' });

function page(title: string, productName: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} · ${productName}</title>
    <link rel="stylesheet" href="${STYLESHEET_PATH}" />
  </head>
  <body>
    <main class="card">
      <p class="badge">Modo de prueba</p>
      ${body}
      <p class="footnote">${productName} · entorno de pruebas: no se usa ningún proveedor de pagos real</p>
    </main>
  </body>
</html>`;
}

/** What a plan gives, for the cards ('600 créditos al mes', 'Créditos ilimitados'). */
const creditsLine = (plan: Plan) => plan.features[0]?.text ?? '';

function checkoutPage(env: Env, sessionId: string, plan: Plan) {
  const base = `${LOCAL_PAGES_PATH}/checkout/${encodeURIComponent(sessionId)}`;
  return page(
    CHECKOUT_PAGE_TITLE,
    env.PRODUCT_NAME,
    html`<h1>${CHECKOUT_PAGE_TITLE}</h1>
      <p class="lead">
        Este servidor no tiene configurado un proveedor de pagos, así que esta página sustituye a la pasarela de
        pago. No necesitas tarjeta y no se cobrará nada: al pulsar «Pagar» el plan se activa como si el pago se
        hubiera completado.
      </p>
      <section class="plan" aria-label="Plan elegido">
        <p class="plan-label">Plan elegido</p>
        <h2>${plan.name}</h2>
        <p class="detail">${creditsLine(plan)}</p>
        <p class="price">${plan.priceLabel}</p>
      </section>
      <div class="actions">
        <form method="post" action="${base}/pay"><button class="primary" type="submit">Pagar</button></form>
        <form method="post" action="${base}/cancel">
          <button class="secondary" type="submit">Cancelar</button>
        </form>
      </div>`,
  );
}

function missingPage(env: Env, origin: string) {
  return page(
    'Página de pago no disponible',
    env.PRODUCT_NAME,
    html`<h1>Esta página de pago no existe o ha caducado</h1>
      <p class="lead">Vuelve a elegir un plan para empezar de nuevo.</p>
      <a class="back" href="${origin}/plans">Volver a los planes</a>`,
  );
}

function expiredPage(env: Env, origin: string) {
  return page(
    'Pago caducado',
    env.PRODUCT_NAME,
    html`<h1>Este pago ha caducado</h1>
      <p class="lead">
        Ya no se puede pagar: abriste otro pago después de este o pasó demasiado tiempo. No se ha cobrado nada.
        Si quieres suscribirte, vuelve a elegir un plan.
      </p>
      <a class="back" href="${origin}/plans">Volver a los planes</a>`,
  );
}

function portalPage(
  env: Env,
  origin: string,
  sessionId: string,
  view: Awaited<ReturnType<LocalBilling['portal']>>,
) {
  const back = html`<a class="back" href="${origin}/profile/sub">Volver a mi suscripción</a>`;
  const title = 'Gestionar suscripción (prueba)';
  if (!view?.live || !view.subscription) {
    return page(
      title,
      env.PRODUCT_NAME,
      html`<h1>No tienes una suscripción activa</h1>
        <p class="lead">Elige un plan desde tu perfil para suscribirte.</p>
        ${back}`,
    );
  }
  const current = planOf(view.subscription.planId);
  const base = `${LOCAL_PAGES_PATH}/portal/${encodeURIComponent(sessionId)}`;
  const renewal = view.subscription.currentPeriodEnd
    ? html`<p class="detail">Se renueva el ${dateFormat.format(view.subscription.currentPeriodEnd)}</p>`
    : '';
  const others = PAID_PLANS.filter((id) => id !== current.id).map((id) => {
    const plan = planOf(id);
    return html`<li>
      <div>
        <strong>${plan.name}</strong> · ${plan.priceLabel}
        <p class="detail">${creditsLine(plan)}</p>
      </div>
      <form method="post" action="${base}/switch">
        <input type="hidden" name="plan_id" value="${id}" />
        <button class="secondary" type="submit">Cambiar a este plan</button>
      </form>
    </li>`;
  });
  return page(
    title,
    env.PRODUCT_NAME,
    html`<h1>${title}</h1>
      <p class="lead">
        Simulación del portal de clientes: los cambios se aplican al momento y no se cobra nada. Un cambio de plan
        empieza un periodo nuevo con los créditos del plan nuevo.
      </p>
      <section class="plan" aria-label="Tu plan actual">
        <p class="plan-label">Tu plan actual</p>
        <h2>${current.name}</h2>
        <p class="detail">${creditsLine(current)}</p>
        <p class="price">${current.priceLabel}</p>
        ${renewal}
      </section>
      <h2 class="section-title">Cambiar de plan</h2>
      <ul class="plans">
        ${others}
      </ul>
      <h2 class="section-title">Cancelar suscripción</h2>
      <p class="detail">Te quedarás sin plan y podrás elegir otro, también el gratuito.</p>
      <div class="actions" style="margin-top: 12px">
        <form method="post" action="${base}/cancel">
          <button class="danger" type="submit">Cancelar suscripción</button>
        </form>
      </div>
      ${back}`,
  );
}

const sessionParam = z.object({ session: textIdParam('session', 200) });
const htmlResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});
const redirectResponse = (description: string) => ({
  description,
  headers: z.object({ Location: z.string() }),
});
const tags = ['Pago de prueba (local)'];

const checkoutPageRoute = createRoute({
  method: 'get',
  path: '/billing/local/checkout/{session}',
  tags,
  summary: 'Página de pago de prueba',
  description: 'Solo sin STRIPE_SECRET_KEY y fuera de producción. Formularios sin script.',
  request: { params: sessionParam },
  responses: {
    200: htmlResponse('La página'),
    404: htmlResponse('Sesión desconocida, pagada o cancelada'),
    410: htmlResponse('Sesión caducada: se abrió otro pago después, o pasó su plazo'),
  },
});

const payRoute = createRoute({
  method: 'post',
  path: '/billing/local/checkout/{session}/pay',
  tags,
  summary: 'Pagar (prueba): activa el plan y da los créditos del periodo',
  request: { params: sessionParam },
  responses: {
    303: redirectResponse(
      'A /stripe_success?session_id=… (también si ya hay una suscripción: el pago queda cancelado) o a /stripe_cancel si la sesión se canceló',
    ),
    404: htmlResponse('Sesión desconocida'),
    410: htmlResponse('Sesión caducada: no se puede pagar'),
  },
});

const cancelCheckoutRoute = createRoute({
  method: 'post',
  path: '/billing/local/checkout/{session}/cancel',
  tags,
  summary: 'Cancelar el pago de prueba (no cambia nada)',
  request: { params: sessionParam },
  responses: { 303: redirectResponse('A /stripe_cancel'), 404: htmlResponse('Sesión desconocida') },
});

const portalPageRoute = createRoute({
  method: 'get',
  path: '/billing/local/portal/{session}',
  tags,
  summary: 'Portal de cliente de prueba: cambiar de plan o cancelar',
  request: { params: sessionParam },
  responses: { 200: htmlResponse('La página'), 404: htmlResponse('Sesión desconocida o caducada') },
});

const switchRoute = createRoute({
  method: 'post',
  path: '/billing/local/portal/{session}/switch',
  tags,
  summary: 'Cambiar a otro plan de pago (prueba)',
  request: {
    params: sessionParam,
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({
            plan_id: z.coerce
              .number()
              .int()
              .refine((id) => isPaidPlan(id), 'Plan no válido'),
          }),
        },
      },
    },
  },
  responses: { 303: redirectResponse('A /profile/sub'), 404: htmlResponse('Sesión desconocida o caducada') },
});

const cancelSubscriptionRoute = createRoute({
  method: 'post',
  path: '/billing/local/portal/{session}/cancel',
  tags,
  summary: 'Cancelar la suscripción de prueba (el usuario vuelve al plan -1)',
  request: { params: sessionParam },
  responses: { 303: redirectResponse('A /profile/sub'), 404: htmlResponse('Sesión desconocida o caducada') },
});

export function localPagesRoutes(local: LocalBilling, env: Env) {
  const app = createRouter();
  const notFoundPage = (c: Context<AppEnv>) => c.html(missingPage(env, c.get('publicOrigin')), 404);
  const follow = (c: Context<AppEnv>, outcome: LocalOutcome) => {
    if ('redirect' in outcome) return c.redirect(`${c.get('publicOrigin')}${outcome.redirect}`, 303);
    return 'expired' in outcome ? c.html(expiredPage(env, c.get('publicOrigin')), 410) : notFoundPage(c);
  };

  app.get('/billing/local/assets/local-checkout.css', (c) =>
    c.body(new Uint8Array(STYLESHEET), 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );

  app.openapi(checkoutPageRoute, async (c) => {
    const { session } = c.req.valid('param');
    const view = await local.checkoutView(session);
    if (!view) return notFoundPage(c);
    if ('expired' in view) return c.html(expiredPage(env, c.get('publicOrigin')), 410);
    const { id, planId } = view.session;
    return planId === null ? notFoundPage(c) : c.html(checkoutPage(env, id, planOf(planId)), 200);
  });
  app.openapi(payRoute, async (c) => follow(c, await local.pay(c.req.valid('param').session)));
  app.openapi(cancelCheckoutRoute, async (c) =>
    follow(c, await local.cancelCheckout(c.req.valid('param').session)),
  );

  app.openapi(portalPageRoute, async (c) => {
    const { session } = c.req.valid('param');
    const view = await local.portal(session);
    if (!view) return notFoundPage(c);
    return c.html(portalPage(env, c.get('publicOrigin'), session, view), 200);
  });
  app.openapi(switchRoute, async (c) => {
    const { session } = c.req.valid('param');
    const { plan_id } = c.req.valid('form');
    return follow(c, await local.switchPlan(session, plan_id as PlanId));
  });
  app.openapi(cancelSubscriptionRoute, async (c) =>
    follow(c, await local.cancelSubscription(c.req.valid('param').session)),
  );
  return app;
}

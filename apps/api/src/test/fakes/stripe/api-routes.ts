import crypto from 'node:crypto';
import { DAY, type FakeStripeState, type Json, list, newId, now, stripeError } from './state.ts';

/** The Stripe API calls the billing module makes, answered from the fake's state. */

type Answer = [number, Json];

/** Answers one API call; an unknown one as Stripe does (404, "Unrecognized request URL"). */
export function route(state: FakeStripeState, method: string, path: string, body: Json): Answer {
  const parts = path.split('/').filter(Boolean); // ['v1', resource, id?]
  const unrecognized = stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  if (parts[0] !== 'v1') return unrecognized;
  const call: Call = { state, method, parts, resource: parts.slice(1).join('/'), body };
  return (
    customerRoutes(call) ??
    checkoutRoutes(call) ??
    subscriptionRoutes(call) ??
    invoiceRoutes(call) ??
    refundRoutes(call) ??
    portalRoutes(call) ??
    unrecognized
  );
}

interface Call {
  state: FakeStripeState;
  method: string;
  /** The path's segments: ['v1', resource, id?, action?]. */
  parts: string[];
  /** The path after /v1/. */
  resource: string;
  body: Json;
}

function customerRoutes({ state, method, parts, resource, body }: Call): Answer | undefined {
  if (method === 'POST' && resource === 'customers') {
    const customer: Json = {
      id: newId('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      created: now(),
      livemode: false,
    };
    state.customers.set(customer.id as string, customer);
    return [200, customer];
  }
  if (method === 'GET' && parts[1] === 'customers' && parts[2]) {
    const customer = state.customers.get(parts[2]);
    return customer ? [200, customer] : stripeError(404, `No such customer: '${parts[2]}'`);
  }
  return undefined;
}

function checkoutRoutes({ state, method, parts, resource, body }: Call): Answer | undefined {
  if (method === 'POST' && resource === 'checkout/sessions') {
    const lineItems = (body.line_items as Json[] | undefined) ?? [];
    const priceId = lineItems[0]?.price as string | undefined;
    if (!priceId)
      return stripeError(400, 'Missing required param: line_items[0][price].', 'parameter_missing');
    const id = `cs_test_${crypto.randomBytes(16).toString('hex')}`;
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      customer: body.customer ?? null,
      client_reference_id: body.client_reference_id ?? null,
      success_url: body.success_url ?? null,
      cancel_url: body.cancel_url ?? null,
      locale: body.locale ?? null,
      metadata: body.metadata ?? {},
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      invoice: null,
      url: `${state.baseUrl}/c/pay/${id}`,
      created: now(),
      expires_at: now() + DAY,
      livemode: false,
    };
    state.checkoutSessions.set(id, session);
    state.sessionPrices.set(id, priceId);
    return [200, session];
  }
  if (method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
    const session = state.checkoutSessions.get(parts[3]);
    return session ? [200, session] : stripeError(404, `No such checkout.session: '${parts[3]}'`);
  }
  if (method === 'POST' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[4] === 'expire') {
    const session = state.checkoutSessions.get(parts[3] ?? '');
    if (!session) return stripeError(404, `No such checkout.session: '${parts[3]}'`);
    if (session.status !== 'open') {
      return stripeError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
        'checkout_session_not_expirable',
      );
    }
    Object.assign(session, { status: 'expired', url: null });
    return [200, session];
  }
  return undefined;
}

/** Stripe's list filters that these calls use: equal values of top-level fields. */
function matching(objects: Iterable<Json>, filters: Record<string, unknown>): Json[] {
  return [...objects].filter((object) =>
    Object.entries(filters).every(([field, value]) => value === undefined || object[field] === value),
  );
}

function subscriptionsOf(state: FakeStripeState, body: Json): Json[] {
  const found = matching(state.subscriptions.values(), { customer: body.customer });
  // Without a status Stripe lists the subscriptions that are not canceled.
  if (body.status === 'all') return found;
  if (body.status === undefined) return found.filter((s) => s.status !== 'canceled');
  return found.filter((s) => s.status === body.status);
}

function subscriptionRoutes({ state, method, parts, resource, body }: Call): Answer | undefined {
  if (method === 'GET' && resource === 'subscriptions') {
    return [200, list(subscriptionsOf(state, body), '/v1/subscriptions')];
  }
  if (method === 'DELETE' && parts[1] === 'subscriptions' && parts[2]) {
    const subscription = state.subscriptions.get(parts[2]);
    if (!subscription) return stripeError(404, `No such subscription: '${parts[2]}'`);
    if (subscription.status === 'canceled') {
      return stripeError(
        400,
        `This subscription has already been canceled: '${parts[2]}'`,
        'subscription_canceled',
      );
    }
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now(),
      ended_at: now(),
      cancellation_details: body.cancellation_details ?? null,
    });
    return [200, subscription];
  }
  if (method === 'GET' && parts[1] === 'subscriptions' && parts[2]) {
    const subscription = state.subscriptions.get(parts[2]);
    return subscription ? [200, subscription] : stripeError(404, `No such subscription: '${parts[2]}'`);
  }
  return undefined;
}

function invoiceRoutes({ state, method, parts, resource, body }: Call): Answer | undefined {
  if (method === 'GET' && parts[1] === 'invoices' && parts[2]) {
    const invoice = state.invoices.get(parts[2]);
    return invoice ? [200, invoice] : stripeError(404, `No such invoice: '${parts[2]}'`);
  }
  if (method === 'GET' && resource === 'invoices') {
    const found = [...state.invoices.values()].filter(
      (invoice) =>
        (body.subscription === undefined ||
          (invoice.parent as { subscription_details: Json }).subscription_details.subscription ===
            body.subscription) &&
        (body.status === undefined || invoice.status === body.status),
    );
    return [200, list(found, '/v1/invoices')];
  }
  if (method === 'GET' && resource === 'invoice_payments') {
    const found = matching(state.invoicePayments.values(), { invoice: body.invoice, status: body.status });
    return [200, list(found, '/v1/invoice_payments')];
  }
  return undefined;
}

function refundRoutes({ state, method, resource, body }: Call): Answer | undefined {
  if (method !== 'POST' || resource !== 'refunds') return undefined;
  const paymentIntent = body.payment_intent as string | undefined;
  const paid = paymentIntent ? state.paymentIntents.get(paymentIntent) : undefined;
  if (!paymentIntent || !paid) return stripeError(404, `No such payment_intent: '${String(paymentIntent)}'`);
  const amount = body.amount === undefined ? paid.amount - paid.refunded : Number(body.amount);
  if (paid.refunded >= paid.amount) {
    return stripeError(
      400,
      `Charge for ${paymentIntent} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  paid.refunded += amount;
  const refund: Json = {
    id: newId('re'),
    object: 'refund',
    amount,
    currency: 'eur',
    payment_intent: paymentIntent,
    reason: body.reason ?? null,
    metadata: body.metadata ?? {},
    status: 'succeeded',
    created: now(),
  };
  state.refunds.set(refund.id as string, refund);
  return [200, refund];
}

function portalRoutes({ state, method, resource, body }: Call): Answer | undefined {
  if (method !== 'POST' || resource !== 'billing_portal/sessions') return undefined;
  if (!body.customer || !state.customers.has(body.customer as string)) {
    return stripeError(400, `No such customer: '${String(body.customer)}'`);
  }
  const portal: Json = {
    id: newId('bps'),
    object: 'billing_portal.session',
    customer: body.customer,
    return_url: body.return_url ?? null,
    locale: body.locale ?? null,
    url: `${state.baseUrl}/p/session/${crypto.randomBytes(8).toString('hex')}`,
    created: now(),
    livemode: false,
  };
  state.portalSessions.set(portal.id as string, portal);
  return [200, portal];
}

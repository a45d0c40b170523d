import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A loopback stand-in for the Stripe API, for the real `stripe` SDK (STRIPE_API_URL). It implements
 * only the calls the billing module makes, keeps its objects in memory and answers Stripe-shaped
 * JSON; test helpers play the customer's part (paying a checkout, changing or cancelling in the
 * portal, a monthly renewal) and build the events Stripe would send. Every paid invoice is paid by a
 * PaymentIntent of its own, so that refunds can be checked per invoice.
 */

type Json = Record<string, unknown>;

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey?: string;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  customers: Map<string, Json>;
  checkoutSessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  /** Refunds made through the API, by id. */
  refunds: Map<string, Json>;
  /**
   * The customer pays a checkout: an active subscription and its first, paid invoice. Throws, as
   * Stripe's page refuses it, unless the session is still open (an expired one cannot be paid).
   */
  completeCheckout(sessionId: string): { subscription: Json; invoice: Json };
  /** What the customer paid for a subscription's invoices, less what was refunded (cents). */
  netPaid(subscriptionId: string): number;
  /** A new billing period: the period moves on and a new invoice is paid. */
  renew(subscriptionId: string): Json;
  /** A change made in the customer portal. */
  updateSubscription(subscriptionId: string, change: { price?: string; cancelAtPeriodEnd?: boolean }): Json;
  /** The subscription ends (cancelled now, or at the end of its period). */
  cancelSubscription(subscriptionId: string): Json;
  /** The next `count` API calls fail with 500 (and tell the SDK not to retry). */
  failNext(count?: number): void;
  /** An event as Stripe would deliver it, with a snapshot of `object` as it is now. */
  event(type: string, object: Json, options?: { id?: string; created?: number }): Json;
  close(): Promise<void>;
}

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
const clone = <T>(value: T): T => structuredClone(value);

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

function list(data: Json[], url: string): Json {
  return { object: 'list', data, has_more: false, url };
}

function stripeError(status: number, message: string, code = 'resource_missing'): [number, Json] {
  return [status, { error: { type: 'invalid_request_error', code, message } }];
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const invoicePayments = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  /** Amount paid and refunded of each PaymentIntent. */
  const paymentIntents = new Map<string, { amount: number; refunded: number }>();
  /** Line-item price of each checkout session (Stripe does not return line items unless asked). */
  const sessionPrices = new Map<string, string>();
  const idempotent = new Map<string, [number, Json]>();
  let failures = 0;
  let baseUrl = '';

  function price(id: string): Json {
    return {
      id,
      object: 'price',
      active: true,
      currency: 'eur',
      recurring: { interval: 'month', interval_count: 1 },
      type: 'recurring',
    };
  }

  function newInvoice(subscription: Json, reason: string): Json {
    const item = (subscription.items as { data: Json[] }).data[0] as Json;
    const invoice: Json = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      billing_reason: reason,
      currency: 'eur',
      amount_paid: 1900,
      created: now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      livemode: false,
    };
    invoices.set(invoice.id as string, invoice);
    subscription.latest_invoice = invoice.id;
    const paymentIntent = newId('pi');
    paymentIntents.set(paymentIntent, { amount: invoice.amount_paid as number, refunded: 0 });
    const payment: Json = {
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: invoice.amount_paid,
      amount_requested: invoice.amount_paid,
      created: invoice.created,
      currency: 'eur',
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: invoice.created },
    };
    invoicePayments.set(payment.id as string, payment);
    return invoice;
  }

  /** Stripe's list filters that these calls use: equal values of top-level fields. */
  const matching = (objects: Iterable<Json>, filters: Record<string, unknown>) =>
    [...objects].filter((object) =>
      Object.entries(filters).every(([field, value]) => value === undefined || object[field] === value),
    );

  const subscriptionsOf = (body: Json): Json[] => {
    const found = matching(subscriptions.values(), { customer: body.customer });
    // Without a status Stripe lists the subscriptions that are not canceled.
    if (body.status === 'all') return found;
    if (body.status === undefined) return found.filter((s) => s.status !== 'canceled');
    return found.filter((s) => s.status === body.status);
  };

  function route(method: string, path: string, body: Json): [number, Json] {
    const parts = path.split('/').filter(Boolean); // ['v1', resource, id?]
    if (parts[0] !== 'v1') return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
    const resource = parts.slice(1).join('/');

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
      customers.set(customer.id as string, customer);
      return [200, customer];
    }
    if (method === 'GET' && parts[1] === 'customers' && parts[2]) {
      const customer = customers.get(parts[2]);
      return customer ? [200, customer] : stripeError(404, `No such customer: '${parts[2]}'`);
    }

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
        url: `${baseUrl}/c/pay/${id}`,
        created: now(),
        expires_at: now() + DAY,
        livemode: false,
      };
      checkoutSessions.set(id, session);
      sessionPrices.set(id, priceId);
      return [200, session];
    }
    if (method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
      const session = checkoutSessions.get(parts[3]);
      return session ? [200, session] : stripeError(404, `No such checkout.session: '${parts[3]}'`);
    }
    if (method === 'POST' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[4] === 'expire') {
      const session = checkoutSessions.get(parts[3] ?? '');
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

    if (method === 'GET' && resource === 'subscriptions') {
      return [200, list(subscriptionsOf(body), '/v1/subscriptions')];
    }
    if (method === 'DELETE' && parts[1] === 'subscriptions' && parts[2]) {
      const subscription = subscriptions.get(parts[2]);
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
      const subscription = subscriptions.get(parts[2]);
      return subscription ? [200, subscription] : stripeError(404, `No such subscription: '${parts[2]}'`);
    }

    if (method === 'GET' && parts[1] === 'invoices' && parts[2]) {
      const invoice = invoices.get(parts[2]);
      return invoice ? [200, invoice] : stripeError(404, `No such invoice: '${parts[2]}'`);
    }
    if (method === 'GET' && resource === 'invoices') {
      const found = [...invoices.values()].filter(
        (invoice) =>
          (body.subscription === undefined ||
            (invoice.parent as { subscription_details: Json }).subscription_details.subscription ===
              body.subscription) &&
          (body.status === undefined || invoice.status === body.status),
      );
      return [200, list(found, '/v1/invoices')];
    }
    if (method === 'GET' && resource === 'invoice_payments') {
      const found = matching(invoicePayments.values(), { invoice: body.invoice, status: body.status });
      return [200, list(found, '/v1/invoice_payments')];
    }

    if (method === 'POST' && resource === 'refunds') {
      const paymentIntent = body.payment_intent as string | undefined;
      const paid = paymentIntent ? paymentIntents.get(paymentIntent) : undefined;
      if (!paymentIntent || !paid)
        return stripeError(404, `No such payment_intent: '${String(paymentIntent)}'`);
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
      refunds.set(refund.id as string, refund);
      return [200, refund];
    }

    if (method === 'POST' && resource === 'billing_portal/sessions') {
      if (!body.customer || !customers.has(body.customer as string)) {
        return stripeError(400, `No such customer: '${String(body.customer)}'`);
      }
      const portal: Json = {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        locale: body.locale ?? null,
        url: `${baseUrl}/p/session/${crypto.randomBytes(8).toString('hex')}`,
        created: now(),
        livemode: false,
      };
      portalSessions.set(portal.id as string, portal);
      return [200, portal];
    }

    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const raw = Buffer.concat(chunks).toString('utf8');
      // The SDK sends the parameters of GET and DELETE in the query string, others in the body.
      const inQuery = method === 'GET' || method === 'DELETE';
      const body = parseStripeForm(inQuery ? url.searchParams.toString() : raw);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, body, idempotencyKey });

      const send = ([status, payload]: [number, Json], headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...headers,
        });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== 'Bearer sk_test_fake') {
        send([401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }]);
        return;
      }
      if (failures > 0) {
        failures -= 1;
        send([500, { error: { type: 'api_error', message: 'Simulated failure' } }], {
          'stripe-should-retry': 'false',
        });
        return;
      }
      const cacheKey = idempotencyKey && method === 'POST' ? `${url.pathname}:${idempotencyKey}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) {
        send(cached, { 'idempotent-replayed': 'true' });
        return;
      }
      const answer = route(method, url.pathname, body);
      if (cacheKey && answer[0] < 500) idempotent.set(cacheKey, answer);
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const getSubscription = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`fake stripe: no subscription ${id}`);
    return subscription;
  };

  return {
    url: baseUrl,
    requests,
    customers,
    checkoutSessions,
    subscriptions,
    invoices,
    refunds,

    completeCheckout(sessionId) {
      const session = checkoutSessions.get(sessionId);
      const priceId = sessionPrices.get(sessionId);
      if (!session || !priceId) throw new Error(`fake stripe: no checkout session ${sessionId}`);
      if (session.status !== 'open') {
        throw new Error(
          `fake stripe: checkout session ${sessionId} is ${String(session.status)}, not payable`,
        );
      }
      const start = now();
      const subscriptionId = newId('sub');
      const subscription: Json = {
        id: subscriptionId,
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        start_date: start,
        metadata: (session.metadata as Json | undefined) ?? {},
        latest_invoice: null,
        items: list(
          [
            {
              id: newId('si'),
              object: 'subscription_item',
              price: price(priceId),
              quantity: 1,
              subscription: subscriptionId,
              current_period_start: start,
              current_period_end: start + 30 * DAY,
            },
          ],
          `/v1/subscription_items?subscription=${subscriptionId}`,
        ),
        livemode: false,
      };
      subscriptions.set(subscriptionId, subscription);
      const invoice = newInvoice(subscription, 'subscription_create');
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscriptionId,
        invoice: invoice.id,
      });
      return { subscription: clone(subscription), invoice: clone(invoice) };
    },

    netPaid(subscriptionId) {
      let total = 0;
      for (const payment of invoicePayments.values()) {
        const invoice = invoices.get(payment.invoice as string);
        const parent = invoice?.parent as { subscription_details: Json } | undefined;
        if (parent?.subscription_details.subscription !== subscriptionId) continue;
        const paid = paymentIntents.get((payment.payment as Json).payment_intent as string);
        if (paid) total += paid.amount - paid.refunded;
      }
      return total;
    },

    renew(subscriptionId) {
      const subscription = getSubscription(subscriptionId);
      const item = (subscription.items as { data: Json[] }).data[0] as Json;
      item.current_period_start = item.current_period_end;
      item.current_period_end = (item.current_period_end as number) + 30 * DAY;
      return clone(newInvoice(subscription, 'subscription_cycle'));
    },

    updateSubscription(subscriptionId, change) {
      const subscription = getSubscription(subscriptionId);
      const item = (subscription.items as { data: Json[] }).data[0] as Json;
      if (change.price) item.price = price(change.price);
      if (change.cancelAtPeriodEnd !== undefined)
        subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      return clone(subscription);
    },

    cancelSubscription(subscriptionId) {
      const subscription = getSubscription(subscriptionId);
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return clone(subscription);
    },

    failNext(count = 1) {
      failures += count;
    },

    event(type, object, options = {}) {
      return {
        id: options.id ?? newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: options.created ?? now(),
        data: { object: clone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Stripe-Signature header Stripe would send for `payload`, signed with `secret`. */
export function signStripePayload(payload: string, secret: string): string {
  return new Stripe('sk_test_fake').webhooks.generateTestHeaderString({ payload, secret });
}

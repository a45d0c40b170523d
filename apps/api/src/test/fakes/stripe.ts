import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { route } from './stripe/api-routes.ts';
import {
  cancelSubscription,
  completeCheckout,
  netPaid,
  renew,
  stripeEvent,
  updateSubscription,
} from './stripe/customer-actions.ts';
import {
  type HostedCheckoutOptions,
  hostedCheckout,
  type WebhookDelivery,
} from './stripe/hosted-checkout.ts';
import { emptyState, type Json, newId } from './stripe/state.ts';

/**
 * A loopback stand-in for the Stripe API, for the real `stripe` SDK (STRIPE_API_URL). It implements
 * only the calls the billing module makes (stripe/api-routes.ts), keeps its objects in memory
 * (stripe/state.ts) and answers Stripe-shaped JSON; test helpers play the customer's part (paying a
 * checkout, changing or cancelling in the portal, a monthly renewal) and build the events Stripe
 * would send (stripe/customer-actions.ts). Every paid invoice is paid by a PaymentIntent of its own,
 * so that refunds can be checked per invoice.
 */

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
  /** The events the hosted checkout delivered to the app, and its answers. */
  webhookDeliveries: WebhookDelivery[];
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

/**
 * `hostedCheckout`: the session URLs serve a checkout page a browser can pay on, which delivers the
 * payment's events to the app (stripe/hosted-checkout.ts); without it only the API is served.
 */
export async function startFakeStripe(
  options: { hostedCheckout?: HostedCheckoutOptions } = {},
): Promise<FakeStripe> {
  const state = emptyState();
  const requests: FakeStripeRequest[] = [];
  const idempotent = new Map<string, [number, Json]>();
  let failures = 0;
  const webhookDeliveries: WebhookDelivery[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (
        options.hostedCheckout &&
        (await hostedCheckout(state, options.hostedCheckout, webhookDeliveries, req, res))
      ) {
        return;
      }
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
      const answer = route(state, method, url.pathname, body);
      if (cacheKey && answer[0] < 500) idempotent.set(cacheKey, answer);
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.baseUrl,
    requests,
    customers: state.customers,
    checkoutSessions: state.checkoutSessions,
    subscriptions: state.subscriptions,
    invoices: state.invoices,
    refunds: state.refunds,
    webhookDeliveries,
    completeCheckout: (sessionId) => completeCheckout(state, sessionId),
    netPaid: (subscriptionId) => netPaid(state, subscriptionId),
    renew: (subscriptionId) => renew(state, subscriptionId),
    updateSubscription: (subscriptionId, change) => updateSubscription(state, subscriptionId, change),
    cancelSubscription: (subscriptionId) => cancelSubscription(state, subscriptionId),
    failNext(count = 1) {
      failures += count;
    },
    event: stripeEvent,
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

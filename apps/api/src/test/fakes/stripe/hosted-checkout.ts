import type http from 'node:http';
import Stripe from 'stripe';
import { completeCheckout, stripeEvent } from './customer-actions.ts';
import type { FakeStripeState, Json } from './state.ts';

/** Where the fake's hosted checkout sends the events of a payment, as Stripe would. */
export interface HostedCheckoutOptions {
  webhookUrl: string;
  webhookSecret: string;
  /** How many times each event is delivered: Stripe delivers at least once, and replays. */
  deliveries?: number;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: number;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * Stripe's hosted checkout as a browser meets it, at the session's URL: a page with a pay button.
 * Paying completes the checkout, delivers 'checkout.session.completed' and 'invoice.paid' to the app's
 * webhook endpoint, signed (each as many times as `deliveries` says), and sends the browser back to the
 * session's success URL. Answers false for any other request.
 */
export async function hostedCheckout(
  state: FakeStripeState,
  options: HostedCheckoutOptions,
  deliveries: WebhookDelivery[],
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<boolean> {
  const match = /^\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
  const session = match ? state.checkoutSessions.get(match[1] as string) : undefined;
  if (!match || !session) return false;
  const sessionId = match[1] as string;
  if (req.method === 'GET') {
    const body =
      session.status === 'open'
        ? '<form method="post"><button type="submit">Pay</button></form>'
        : '<p>This checkout session is no longer open.</p>';
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(page('Stripe test checkout', body));
    return true;
  }
  if (req.method !== 'POST' || session.status !== 'open') {
    res.writeHead(409, { 'content-type': 'text/html; charset=utf-8' }).end(page('Not payable', ''));
    return true;
  }
  const { invoice } = completeCheckout(state, sessionId);
  const events = [
    stripeEvent('checkout.session.completed', state.checkoutSessions.get(sessionId) as Json),
    stripeEvent('invoice.paid', invoice),
  ];
  const signer = new Stripe('sk_test_fake').webhooks;
  for (const event of events) {
    for (let i = 0; i < (options.deliveries ?? 1); i += 1) {
      const payload = JSON.stringify(event);
      const answer = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.generateTestHeaderString({ payload, secret: options.webhookSecret }),
        },
        body: payload,
      });
      await answer.arrayBuffer();
      deliveries.push({ eventId: String(event.id), type: String(event.type), status: answer.status });
    }
  }
  const successUrl = String(session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId);
  res.writeHead(303, { location: successUrl }).end();
  return true;
}

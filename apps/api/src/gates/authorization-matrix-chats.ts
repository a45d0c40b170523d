import { chat, checkout, type Entry, form, json, portal } from './authorization-calls.ts';

/** The matrix's chat, market research, subscription and local checkout operations, in sending order. */
export const CHAT_AND_BILLING_OPERATIONS: Record<string, Entry> = {
  // Chats.
  'GET /api/businesses/{id}/chats': {
    access: 'owner',
    request: (o) => ({ path: `/api/businesses/${o.ideaId}/chats` }),
  },
  'POST /api/businesses/{id}/chats': {
    access: 'owner',
    request: (o) => ({ path: `/api/businesses/${o.ideaId}/chats` }),
  },
  'GET /api/businesses/{id}/chats/{chatId}': { access: 'owner', request: (o) => ({ path: chat(o) }) },
  'POST /api/businesses/{id}/chats/{chatId}/messages': {
    access: 'owner',
    request: (o) => json(`${chat(o)}/messages`, { content: 'Hola' }),
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/stream': {
    access: 'owner',
    request: (o) => json(`${chat(o)}/messages/stream`, { content: 'Hola otra vez' }),
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/{messageId}/stop': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/messages/${o.messageIds[1]}/stop` }),
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/{messageId}/regenerate': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/messages/${o.messageIds[1]}/regenerate` }),
    // An answer of the sends above may still be being written (answer-again.test.ts makes versions).
    ownerAnswers: [409],
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/{messageId}/edit': {
    access: 'owner',
    request: (o) => json(`${chat(o)}/messages/${o.messageIds[0]}/edit`, { content: 'Pregunta corregida' }),
    ownerAnswers: [409],
  },
  'POST /api/businesses/{id}/chats/{chatId}/messages/{messageId}/show': {
    access: 'owner',
    // The first question's earlier version, which the edit above replaced (409 while its answer is written).
    request: (o) => ({ path: `${chat(o)}/messages/${o.messageIds[0]}/show` }),
    ownerAnswers: [409],
  },
  'GET /api/businesses/{id}/chats/search': {
    access: 'owner',
    request: (o) => ({ path: `/api/businesses/${o.ideaId}/chats/search?q=hola` }),
  },
  'PATCH /api/businesses/{id}/chats/{chatId}': {
    access: 'owner',
    request: (o) => json(chat(o), { title: 'Renombrado' }),
  },
  'GET /api/businesses/{id}/chats/{chatId}/export': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/export` }),
  },
  'PUT /api/businesses/{id}/chats/{chatId}/messages/{messageId}/feedback': {
    access: 'owner',
    request: (o) => json(`${chat(o)}/messages/${o.messageIds[1]}/feedback`, { rating: 'up' }),
  },
  'DELETE /api/businesses/{id}/chats/{chatId}/messages/{messageId}/feedback': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/messages/${o.messageIds[1]}/feedback` }),
  },
  'GET /api/businesses/{id}/chats/{chatId}/attachments/{attachmentId}': {
    access: 'owner',
    request: (o) => ({ path: `${chat(o)}/attachments/${o.attachmentId}` }),
  },

  // Market research.
  'POST /api/researches': {
    access: 'owner',
    request: (o) =>
      json('/api/researches', { max_tokens: 50_000, business_id: o.ideaId, sync_generation: false }),
  },
  'GET /api/businesses/{id}/research': {
    access: 'owner',
    request: (o) => ({ path: `/api/businesses/${o.ideaId}/research` }),
  },
  'GET /api/researches/{id}': {
    access: 'owner',
    request: (o) => ({ path: `/api/researches/${o.researchId}` }),
  },
  'GET /api/researches/{id}/events': {
    access: 'owner',
    request: (o) => ({ path: `/api/researches/${o.researchId}/events` }),
  },

  // Subscriptions and payments.
  'POST /api/subscriptions': { access: 'self', request: () => json('/api/subscriptions', { plan_id: 7 }) },
  'POST /api/subscriptions/handle': { access: 'self', request: () => json('/api/subscriptions/handle', {}) },
  'GET /api/subscriptions/current': {
    access: 'self',
    request: () => ({ path: '/api/subscriptions/current' }),
  },
  'GET /api/subscriptions/{session}': {
    access: 'owner',
    request: (o) => ({ path: `/api/subscriptions/${o.checkoutSessionId}` }),
  },
  'POST /api/webhooks/stripe': {
    access: 'public',
    request: () => json('/api/webhooks/stripe', { type: 'invoice.paid' }),
    // Without Stripe keys the endpoint is off; with them, an unsigned event is refused.
    answers: [503],
  },
  // The local test checkout (never in production): its session id in the address is the credential,
  // as a Stripe Checkout link is. Its pages show the plan, never who is paying.
  'GET /api/billing/local/assets/local-checkout.css': {
    access: 'public',
    request: () => ({ path: '/api/billing/local/assets/local-checkout.css' }),
    answers: [200],
  },
  'GET /api/billing/local/checkout/{session}': {
    access: 'public',
    request: (o) => ({ path: checkout(o) }),
    // Once paid or cancelled, the page is gone.
    answers: [200, 404],
  },
  'POST /api/billing/local/checkout/{session}/cancel': {
    access: 'public',
    request: (o) => ({ path: `${checkout(o)}/cancel` }),
    answers: [303],
  },
  'POST /api/billing/local/checkout/{session}/pay': {
    access: 'public',
    request: (o) => ({ path: `${checkout(o)}/pay` }),
    answers: [303],
  },
  'GET /api/billing/local/portal/{session}': {
    access: 'public',
    request: (o) => ({ path: portal(o) }),
    answers: [404],
  },
  'POST /api/billing/local/portal/{session}/switch': {
    access: 'public',
    request: (o) => form(`${portal(o)}/switch`, { plan_id: '7' }),
    answers: [404],
  },
  'POST /api/billing/local/portal/{session}/cancel': {
    access: 'public',
    request: (o) => ({ path: `${portal(o)}/cancel` }),
    answers: [404],
  },
};

import { shopPlan } from '../test/finance-test-kit.ts';
import { type Entry, json } from './authorization-calls.ts';
import type { Owner } from './world.ts';

/** The matrix's financial-plan operations (ADR 0040), in sending order. */
const plan = (o: Owner) => `/api/businesses/${o.ideaId}/financial-plan`;

/** The owner's share id under a signature that is not its own: what guessing a link looks like. */
const forged = (o: Owner) => `${o.shareId}.${o.shareToken.split('.')[1]}.${'A'.repeat(32)}`;

export const FINANCE_OPERATIONS: Record<string, Entry> = {
  'POST /api/businesses/{id}/financial-plan/shares': {
    access: 'owner',
    request: (o) => json(`${plan(o)}/shares`, { days: 30 }),
  },
  'GET /api/businesses/{id}/financial-plan/shares': {
    access: 'owner',
    request: (o) => ({ path: `${plan(o)}/shares` }),
  },
  'DELETE /api/businesses/{id}/financial-plan/shares/{shareId}': {
    access: 'owner',
    request: (o) => ({ path: `${plan(o)}/shares/${o.shareId}` }),
    last: true,
  },
  // A link is public; only its signed token opens it, never an id (another user's plan is not reachable).
  'GET /api/shared/plans/{token}': {
    access: 'public',
    request: (o) => ({ path: `/api/shared/plans/${forged(o)}` }),
    answers: [404],
  },
  'GET /api/shared/plans/{token}/document': {
    access: 'public',
    request: (o) => ({ path: `/api/shared/plans/${forged(o)}/document?format=pdf` }),
    answers: [404],
  },
  'GET /api/businesses/{id}/financial-plan/document': {
    access: 'owner',
    request: (o) => ({ path: `${plan(o)}/document?kind=plan&format=pdf` }),
  },
  'GET /api/businesses/{id}/financial-plan': { access: 'owner', request: (o) => ({ path: plan(o) }) },
  'PUT /api/businesses/{id}/financial-plan': { access: 'owner', request: (o) => json(plan(o), shopPlan) },
  // The gate's fake model answers prose, not proposals: the owner is told so (502, the credit given back).
  'POST /api/businesses/{id}/financial-plan/proposals': {
    access: 'owner',
    request: (o) => ({ path: `${plan(o)}/proposals` }),
    answers: [502],
    ownerAnswers: [502],
  },
};

import type { AdminAuditEntry, AdminFailedResearch, AdminOverview, AdminUser } from '@rumbo/contract';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createRoutes } from '../app/router.tsx';
import { productUser, type StubRoute, sessionBody, stubFetch } from './fetch-stub.ts';
import { renderWithRouter } from './render.tsx';

/** The operator's console tests' answers of the admin API, and how they open and read the console. */

// The root waits 1 s after the page starts (product.md §2.2).
export const SLOW = { timeout: 3000 };
export const DAY_MS = 86_400_000;
export const utcDay = (msAgo = 0) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

export function overview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    period: { from: '2026-05-01', to: '2026-05-03' },
    signups_per_day: [
      { day: '2026-05-01', count: 3 },
      { day: '2026-05-02', count: 4 },
    ],
    funnel: { registered: 200, onboarded: 150, plan_chosen: 100, business_created: 50, first_answer: 25 },
    active_users: 12,
    active_users_per_day: [{ day: '2026-05-01', count: 9 }],
    answers_per_day: [
      { day: '2026-05-01', answers: 30, failed: 4 },
      { day: '2026-05-02', answers: 10, failed: 6 },
    ],
    credits_spent: 1234,
    users_per_plan: [
      { plan_id: 9, name: 'Starter', users: 150, test_checkout_users: 0 },
      { plan_id: 7, name: 'CEO', users: 40, test_checkout_users: 2 },
      { plan_id: 5, name: 'Founder', users: 10, test_checkout_users: 0 },
    ],
    monthly_recurring_revenue_eur: 1240.5,
    test_checkout_revenue_eur: 58,
    research: {
      by_state: [
        { state: 'pending', count: 2 },
        { state: 'failed', count: 1 },
      ],
      median_seconds: 95,
      p95_seconds: null,
    },
    top_pages: [
      { page: '/chats', views: 321 },
      { page: '/report', views: 12 },
      { page: 'Dashboard Home', views: 5 },
    ],
    utm_sources: [],
    ...overrides,
  };
}

export function user(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    email: 'ana@example.com',
    full_name: 'Ana Pérez',
    plan_id: 7,
    credits: 100,
    businesses: 2,
    created_at: '2026-01-10T10:00:00.000Z',
    last_seen: null,
    ...overrides,
  };
}

export const failedRun: AdminFailedResearch = {
  id: 31,
  business_id: 5,
  business_name: 'Oliva Directa',
  user_email: 'ana@example.com',
  error: 'No se pudo planificar la investigación.',
  failed_at: '2026-05-02T09:00:00.000Z',
};

export const grantEntry: AdminAuditEntry = {
  id: 1,
  admin_email: 'ops@example.com',
  action: 'grant_credits',
  target_user_id: 7,
  target_email: 'ana@example.com',
  details: { amount: 50, reason: 'Compensación por la caída' },
  created_at: '2026-05-02T10:00:00.000Z',
};

const emptyFeedback = {
  comments: [],
  comments_total: 0,
  ratings: [],
  ratings_total: 0,
  page: 1,
  page_size: 20,
};

export function signedIn(role: string, routes: Record<string, StubRoute> = {}) {
  return stubFetch({
    'GET /api/auth/get-session': { body: sessionBody() },
    'GET /api/users/me': { body: { ...productUser(), role } },
    'GET /api/admin/overview': { body: overview() },
    'GET /api/admin/users': { body: { users: [user()], total: 1, page: 1, page_size: 20 } },
    'GET /api/admin/researches/failed': { body: { researches: [] } },
    'GET /api/admin/audit': { body: { entries: [] } },
    'GET /api/admin/feedback': { body: emptyFeedback },
    'GET /api/operator/verification': { body: { required: false } },
    ...routes,
  });
}

export const openConsole = () => renderWithRouter(createRoutes, { path: '/admin' });

/** The text of the summary card whose label is `label`. */
export function figure(label: string): string {
  const terms = screen.getAllByRole('term').filter((term) => term.textContent === label);
  expect(terms).toHaveLength(1);
  return (terms[0]?.parentElement?.textContent ?? '').replace(/\s+/g, ' ');
}

/**
 * The console's lazily loaded modules, loaded before a file's first test. When these tests were one
 * file its first tests loaded them for the rest; a first load on a busy machine can outlast SLOW.
 */
export function preloadConsole() {
  return Promise.all([
    import('../app/routes/root.tsx'),
    import('../app/routes/shell.tsx'),
    import('../app/routes/admin.tsx'),
    import('../features/admin/components/overview-charts.tsx'),
  ]);
}

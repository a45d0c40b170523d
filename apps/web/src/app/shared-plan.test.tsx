import { DEFAULT_SCENARIOS, type SharedPlan } from '@rumbo/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch-stub.ts';
import { renderWithRouter, testQueryClient } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const founder = { kind: 'founder' as const, note: '', sources: [] };

const plan: SharedPlan = {
  business_name: 'Cestas Fede',
  stage: 'idea',
  country: 'España',
  currency: 'EUR',
  locale: 'es-ES',
  expires_at: '2026-12-11T10:00:00.000Z',
  assumptions: {
    start_month: '2027-01',
    products: [],
    inventory_months: { value: 0, origin: founder },
    fixed_costs: [],
    marketing_monthly: { value: 0, origin: founder },
    team: [],
    employer_cost_pct: { value: 30, origin: founder },
    investments: [],
    own_funds: { value: 5000, origin: founder },
    loans: [],
    grants: [],
    equity: [],
  },
  scenarios: DEFAULT_SCENARIOS,
};

describe('a shared plan (ADR 0042)', () => {
  it('asks for the plan once though the screen mounts again while the answer is on its way (each request counts a visit)', async () => {
    let answer: (plan: SharedPlan) => void = () => {};
    const arrived = new Promise<SharedPlan>((resolve) => {
      answer = resolve;
    });
    const network = stubFetch({
      'GET /api/auth/get-session': { body: null },
      'GET /api/shared/plans/abc.123.def': async () => ({ body: await arrived }),
    });
    const queryClient = testQueryClient();
    const path = '/compartido/abc.123.def';
    const first = renderWithRouter(createRoutes, { path, queryClient });
    await waitFor(() => expect(network.callsTo('GET /api/shared/plans/abc.123.def')).toHaveLength(1), {
      timeout: 5000,
    });
    first.unmount();
    renderWithRouter(createRoutes, { path, queryClient });
    answer(plan);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Plan financiero de Cestas Fede' },
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(network.callsTo('GET /api/shared/plans/abc.123.def')).toHaveLength(1);
  });
});

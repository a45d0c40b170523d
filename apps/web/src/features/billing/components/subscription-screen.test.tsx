import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leavePage } from '../../../lib/leave-page.ts';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { SubscriptionScreen } from './subscription-screen.tsx';

vi.mock('../../../lib/leave-page.ts', () => ({
  leavePage: vi.fn(),
  waitWhileLeaving: () => Promise.resolve(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leavePage).mockClear();
});

const current = (overrides: Record<string, unknown>) => ({
  'GET /api/subscriptions/current': {
    body: {
      plan_id: 11,
      provider: 'local',
      status: 'active',
      current_period_end: '2026-12-21T12:00:00.000Z',
      cancel_at_period_end: false,
      ...overrides,
    },
  },
});

const planCard = () => screen.getByRole('region', { name: 'Tu plan actual' });
const manage = () => screen.getByRole('button', { name: 'Gestionar suscripción' }) as HTMLButtonElement;

describe('subscription tab (product.md §2.10)', () => {
  it('shows the plan, its price and the real renewal date, and opens the portal', async () => {
    stubFetch({
      ...current({}),
      'POST /api/subscriptions/handle': { body: { url: 'https://portal.example/p' } },
    });
    renderWithRouter(<SubscriptionScreen planId={11} onFreePlanApplied={vi.fn()} />);
    expect(
      await within(planCard()).findByText('Tu plan se renueva automáticamente el 21 de diciembre de 2026'),
    ).toBeTruthy();
    expect(within(planCard()).getByText('CEO')).toBeTruthy();
    expect(within(planCard()).getByText('39 €')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Explora nuestros planes' })).toBeTruthy();
    fireEvent.click(manage());
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://portal.example/p'));
  });

  it('disables the portal on Starter, saying why, and tells when the free credits renew', async () => {
    const network = stubFetch(
      current({ plan_id: 9, provider: null, status: 'free', current_period_end: '2027-01-01T00:00:00.000Z' }),
    );
    renderWithRouter(<SubscriptionScreen planId={9} onFreePlanApplied={vi.fn()} />);
    expect(await within(planCard()).findByText(/Tus 100 créditos gratuitos se renuevan el/)).toBeTruthy();
    expect(manage().disabled).toBe(true);
    const hint = document.getElementById(manage().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Con un plan de pago podrás cambiarlo');
    fireEvent.click(manage());
    expect(network.callsTo('POST /api/subscriptions/handle')).toHaveLength(0);
  });

  it('says when a cancelled plan ends', async () => {
    stubFetch(current({ cancel_at_period_end: true }));
    renderWithRouter(<SubscriptionScreen planId={11} onFreePlanApplied={vi.fn()} />);
    expect(await within(planCard()).findByText('Tu plan termina el 21 de diciembre de 2026')).toBeTruthy();
  });

  it('shows a portal failure in Spanish and stays', async () => {
    stubFetch({
      ...current({}),
      'POST /api/subscriptions/handle': { status: 500, body: { code: 'INTERNAL', message: 'x' } },
    });
    renderWithRouter(<SubscriptionScreen planId={11} onFreePlanApplied={vi.fn()} />);
    fireEvent.click(manage());
    expect((await within(planCard()).findByRole('alert')).textContent).toBe(
      'No hemos podido abrir la gestión de tu suscripción. Inténtalo de nuevo en unos minutos.',
    );
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('offers a retry when the subscription cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /api/subscriptions/current': () =>
        fail
          ? { status: 500 }
          : {
              body: {
                plan_id: 5,
                provider: 'local',
                status: 'active',
                current_period_end: null,
                cancel_at_period_end: false,
              },
            },
    });
    renderWithRouter(<SubscriptionScreen planId={5} onFreePlanApplied={vi.fn()} />);
    const retry = await within(planCard()).findByRole('button', { name: 'Reintentar' }, { timeout: 3000 });
    fail = false;
    fireEvent.click(retry);
    expect(await within(planCard()).findByText('Tu plan se renueva automáticamente cada mes')).toBeTruthy();
  });
});

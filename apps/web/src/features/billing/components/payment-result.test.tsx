import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client.ts';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { PaymentCancelScreen, PaymentSuccessScreen, RESULT_REDIRECT_MS } from './payment-result.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const heading = () => screen.queryByRole('heading', { level: 1 })?.textContent ?? null;

describe('stripe_cancel (product.md §2.11)', () => {
  it('shows the failure with dots from 1 to 3, one more each second, and goes home after 7 s', async () => {
    const onDone = vi.fn();
    renderWithRouter(<PaymentCancelScreen onDone={onDone} />);
    expect(heading()).toBe('No se ha podido realizar el pago');
    const dots = () => screen.getByTestId('payment-dots').textContent;
    const seen = [dots()];
    for (let second = 1; second <= 4; second++) {
      await advance(1000);
      seen.push(dots());
    }
    expect(seen).toEqual(['.', '..', '...', '.', '..']);
    await advance(RESULT_REDIRECT_MS - 4000 - 1);
    expect(onDone).not.toHaveBeenCalled();
    await advance(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(RESULT_REDIRECT_MS).toBe(7000);
  });
});

describe('stripe_success (product.md §2.11)', () => {
  function renderSuccess(sessionId: string | null) {
    const onDone = vi.fn();
    const onSettled = vi.fn();
    renderWithRouter(<PaymentSuccessScreen sessionId={sessionId} onSettled={onSettled} onDone={onDone} />);
    return { onDone, onSettled };
  }

  it("shows a spinner, then from the first 1 s tick 'Pago realizado con éxito' for a paid session", async () => {
    const network = stubFetch({ 'GET /api/subscriptions/cs_paid': { body: { status: 'paid' } } });
    const { onDone, onSettled } = renderSuccess('cs_paid');
    expect(screen.getByText('Comprobando el pago')).toBeTruthy();
    await advance(999);
    expect(heading()).toBeNull();
    expect(onSettled).toHaveBeenCalledWith('paid');
    await advance(1);
    expect(heading()).toBe('Pago realizado con éxito');
    expect(network.callsTo('GET /api/subscriptions/cs_paid')).toHaveLength(1);
    await advance(RESULT_REDIRECT_MS - 1000 - 1);
    expect(onDone).not.toHaveBeenCalled();
    await advance(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it.each(['open', 'expired', 'canceled'])("shows the failure when the session is '%s'", async (status) => {
    stubFetch({ 'GET /api/subscriptions/cs_x': { body: { status } } });
    const { onSettled } = renderSuccess('cs_x');
    await advance(1000);
    expect(heading()).toBe('No se ha podido realizar el pago');
    expect(onSettled).toHaveBeenCalledWith('failed');
  });

  it('shows the failure without a session id, asking nothing', async () => {
    const network = stubFetch({});
    const { onDone } = renderSuccess(null);
    await advance(1000);
    expect(heading()).toBe('No se ha podido realizar el pago');
    expect(network.calls).toHaveLength(0);
    await advance(RESULT_REDIRECT_MS - 1000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the failure for an unknown session, and a 401 there signs nobody out', async () => {
    const signOut = vi.fn();
    const remove = setUnauthorizedHandler(signOut);
    stubFetch({
      'GET /api/subscriptions/cs_other': {
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'Sin sesión' },
      },
    });
    renderSuccess('cs_other');
    await advance(1000);
    expect(heading()).toBe('No se ha podido realizar el pago');
    expect(signOut).not.toHaveBeenCalled();
    remove();
  });

  it('keeps the spinner past the first tick until a slow lookup answers, and still goes home at 7 s', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    stubFetch({
      'GET /api/subscriptions/cs_slow': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { onDone } = renderSuccess('cs_slow');
    await advance(3000);
    expect(screen.getByText('Comprobando el pago')).toBeTruthy();
    answer({ body: { status: 'paid' } });
    await advance(0);
    expect(heading()).toBe('Pago realizado con éxito');
    await advance(RESULT_REDIRECT_MS - 3000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

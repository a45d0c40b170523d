import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePage } from '../../../lib/leave-page.ts';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { PlanChooser } from './plan-chooser.tsx';

vi.mock('../../../lib/leave-page.ts', () => ({
  leavePage: vi.fn(),
  // The browser never leaves in jsdom: settle at once so that the button is released.
  waitWhileLeaving: () => Promise.resolve(),
}));

beforeEach(() => {
  vi.mocked(leavePage).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderGrid(currentPlanId: number, onFreePlanApplied = vi.fn()) {
  renderWithRouter(<PlanChooser currentPlanId={currentPlanId} onFreePlanApplied={onFreePlanApplied} />);
  return { onFreePlanApplied };
}

const card = (name: string) => screen.getByRole('article', { name });
const buttonOf = (name: string) => within(card(name)).getByRole('button') as HTMLButtonElement;
const slider = () => screen.getByRole('slider', { name: 'Créditos al mes' }) as HTMLInputElement;
const moveSlider = (position: number) => fireEvent.change(slider(), { target: { value: String(position) } });

describe('plan grid (product.md §2.10, §4 Plans)', () => {
  it('shows Starter, Founder and a CEO card that follows the credit slider', () => {
    stubFetch({});
    renderGrid(-1);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(within(card('Starter')).getByText('Gratis')).toBeTruthy();
    expect(within(card('Founder')).getByText('19 €')).toBeTruthy();

    expect(slider().value).toBe('0');
    expect(within(card('CEO')).getByText('29 €')).toBeTruthy();
    expect(within(card('CEO')).getByText('600 créditos al mes')).toBeTruthy();
    moveSlider(1);
    expect(within(card('CEO')).getByText('39 €')).toBeTruthy();
    expect(within(card('CEO')).getByText('1400 créditos al mes')).toBeTruthy();
    moveSlider(2);
    expect(within(card('CEO')).getByText('49 €')).toBeTruthy();
    expect(within(card('CEO')).getByText('Créditos ilimitados')).toBeTruthy();
    expect(slider().getAttribute('aria-valuetext')).toBe('Créditos ilimitados');
    expect(within(card('CEO')).getByText('Más popular')).toBeTruthy();
    // The roadmap (ADR 0055) and the notifications (ADR 0056) are here: nothing is still to come.
    expect(within(card('CEO')).queryAllByText('Proximamente...')).toHaveLength(0);
    expect(within(card('CEO')).getByText('Hoja de ruta personalizada')).toBeTruthy();
    expect(within(card('CEO')).getByText('Notificaciones inteligentes')).toBeTruthy();
    expect(within(card('Founder')).getByText('Hoja de ruta personalizada').textContent).toMatch(
      /: No incluid/,
    );
    expect(within(card('Founder')).getByText('Notificaciones inteligentes').textContent).toMatch(
      /: No incluid/,
    );
  });

  it.each([
    [11, 1],
    [12, 2],
    [9, 0],
  ])("starts the slider at the user's plan (%i → position %i)", (planId, position) => {
    stubFetch({});
    renderGrid(planId);
    expect(slider().value).toBe(String(position));
  });

  it("says 'Seleccionar plan' on every card without a plan", () => {
    stubFetch({});
    renderGrid(-1);
    expect(['Starter', 'Founder', 'CEO'].map((name) => buttonOf(name).textContent)).toEqual([
      'Seleccionar plan',
      'Seleccionar plan',
      'Seleccionar plan',
    ]);
  });

  it("marks the current plan (disabled) and names the others 'Cambiar plan' or 'Mejorar plan'", () => {
    stubFetch({});
    renderGrid(11);
    expect(buttonOf('Starter').textContent).toBe('Cambiar plan');
    expect(buttonOf('Founder').textContent).toBe('Cambiar plan');
    expect(buttonOf('CEO').textContent).toBe('Tu plan actual');
    expect(buttonOf('CEO').disabled).toBe(true);
    moveSlider(0);
    expect(buttonOf('CEO').textContent).toBe('Cambiar plan');
    moveSlider(2);
    expect(buttonOf('CEO').textContent).toBe('Mejorar plan');
    expect(
      screen.getByText(/los cambios de plan y la cancelación se hacen en «Gestionar suscripción»/),
    ).toBeTruthy();
  });

  it('applies Starter at once without a plan, then hands over to the caller', async () => {
    const network = stubFetch({ 'POST /api/subscriptions': { body: { url: null, plan_id: 9 } } });
    const { onFreePlanApplied } = renderGrid(-1);
    fireEvent.click(buttonOf('Starter'));
    await waitFor(() => expect(onFreePlanApplied).toHaveBeenCalledTimes(1));
    expect(network.callsTo('POST /api/subscriptions')[0]?.body).toEqual({ plan_id: 9 });
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('sends a paid plan to its checkout page, showing progress and ignoring other clicks meanwhile', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const network = stubFetch({
      'POST /api/subscriptions': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { onFreePlanApplied } = renderGrid(-1);
    moveSlider(2);
    fireEvent.click(buttonOf('CEO'));
    await waitFor(() => expect(buttonOf('CEO').getAttribute('aria-busy')).toBe('true'));
    expect(buttonOf('Starter').disabled).toBe(true);
    fireEvent.click(buttonOf('Founder'));
    answer({ body: { url: 'http://localhost:3000/api/billing/local/checkout/cs_1', plan_id: 12 } });
    await waitFor(() =>
      expect(leavePage).toHaveBeenCalledWith('http://localhost:3000/api/billing/local/checkout/cs_1'),
    );
    expect(network.callsTo('POST /api/subscriptions').map((call) => call.body)).toEqual([{ plan_id: 12 }]);
    expect(onFreePlanApplied).not.toHaveBeenCalled();
  });

  it('checks out a paid plan from Starter (there is no subscription to manage yet)', async () => {
    const network = stubFetch({
      'POST /api/subscriptions': { body: { url: 'https://checkout.example/cs_2', plan_id: 5 } },
    });
    renderGrid(9);
    fireEvent.click(buttonOf('Founder'));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://checkout.example/cs_2'));
    expect(network.callsTo('POST /api/subscriptions/handle')).toHaveLength(0);
  });

  it('opens the customer portal for any change of a paid plan, Starter included', async () => {
    const network = stubFetch({
      'POST /api/subscriptions/handle': { body: { url: 'https://portal.example/p_1' } },
    });
    renderGrid(11);
    fireEvent.click(buttonOf('Starter'));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://portal.example/p_1'));
    expect(network.callsTo('POST /api/subscriptions')).toHaveLength(0);
  });

  it('does nothing on the current plan', () => {
    const network = stubFetch({});
    renderGrid(9);
    fireEvent.click(buttonOf('Starter'));
    expect(network.calls).toHaveLength(0);
  });

  it('says in Spanish why a choice failed, on its card, and lets the user try again', async () => {
    let status = 503;
    stubFetch({
      'POST /api/subscriptions': () =>
        status === 503
          ? { status, body: { code: 'PAYMENTS_UNAVAILABLE', message: 'x' } }
          : { body: { url: 'https://checkout.example/cs_3', plan_id: 5 } },
    });
    renderGrid(-1);
    fireEvent.click(buttonOf('Founder'));
    const alert = await within(card('Founder')).findByRole('alert');
    expect(alert.textContent).toBe('Los pagos no están disponibles en este momento. Inténtalo más tarde.');
    expect(buttonOf('Founder').disabled).toBe(false);
    status = 200;
    fireEvent.click(buttonOf('Founder'));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://checkout.example/cs_3'));
    expect(within(card('Founder')).queryByRole('alert')).toBeNull();
  });

  it('explains a lost connection', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderGrid(11);
    fireEvent.click(buttonOf('Founder'));
    expect((await within(card('Founder')).findByRole('alert')).textContent).toBe(
      'No hay conexión con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
    );
  });
});

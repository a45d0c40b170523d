import type { FakeScript, RecordedRequest } from './openai.ts';

/** The fake model's answer to 'Proponer supuestos' in the finance tests (a price cited to sources 2 and 9). */
export const PROPOSALS_JSON = {
  products: [
    {
      name: 'Cesta mensual',
      kind: 'subscription',
      price: 35,
      unit_cost: 14,
      start_volume: 30,
      monthly_growth_pct: 8,
      churn_pct: 6,
      reasoning: 'Las cestas de productos locales se venden entre 30 y 40 € al mes según el estudio.',
      sources: [2, 9],
    },
  ],
  fixed_costs: [
    { name: 'Almacén', monthly: 600, reasoning: 'Un pequeño almacén en las afueras.', sources: [] },
  ],
  team: [
    {
      name: 'Repartidor',
      headcount: 1,
      monthly_salary: 1300,
      start_month: 3,
      reasoning: 'Reparto propio desde el tercer mes.',
      sources: [],
    },
  ],
  investments: [
    {
      name: 'Furgoneta',
      amount: 18000,
      reasoning: 'Una furgoneta refrigerada de segunda mano.',
      sources: [],
    },
  ],
  marketing_monthly: { value: 400, reasoning: 'Redes sociales y ferias locales.', sources: [1] },
};

/** True for the request of 'Proponer supuestos' (its system prompt names the plan's assumptions). */
export const isProposalsRequest = (body: RecordedRequest['body']) =>
  !body.stream && String(body.messages[0]?.content ?? '').includes('supuestos del plan financiero');

export const proposalsScript = (answer: unknown = PROPOSALS_JSON): FakeScript => ({
  tokens: [typeof answer === 'string' ? answer : JSON.stringify(answer)],
});

import {
  DEFAULT_SCENARIOS,
  employerCostPct,
  type FinancialAssumptions,
  type Origin,
  type PlanScenarios,
} from '@rumbo/contract';
import type { BusinessRow } from '../businesses/business-wire.ts';

const founder = (note: string): Origin => ({ kind: 'founder', note, sources: [] });

/** Next month, 'YYYY-MM': a new plan starts there. */
export function nextMonth(today: Date): string {
  const index = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The plan a business starts with before its founder saves one (ADR 0040): nothing is invented. The
 * investment an idea's profile states becomes its own funds; the employer's contributions are the
 * country's usual rate, said as such; everything else waits for the founder or 'Proponer supuestos'.
 */
export function firstPlan(
  business: BusinessRow,
  today: Date,
): { assumptions: FinancialAssumptions; scenarios: PlanScenarios } {
  const employer = employerCostPct(business.location);
  const investment = business.stage === 'idea' ? (business.investment ?? 0) : 0;
  return {
    assumptions: {
      start_month: nextMonth(today),
      products: [],
      inventory_months: { value: 0, origin: founder('') },
      fixed_costs: [],
      marketing_monthly: { value: 0, origin: founder('') },
      team: [],
      employer_cost_pct: {
        value: employer,
        origin: founder(
          `Cotización habitual de la empresa en ${business.location}; compruébala con tu gestoría.`,
        ),
      },
      investments: [],
      own_funds: {
        value: investment,
        origin: founder(investment > 0 ? 'La inversión prevista de tu perfil.' : ''),
      },
      loans: [],
      grants: [],
      equity: [],
    },
    scenarios: DEFAULT_SCENARIOS,
  };
}

import crypto from 'node:crypto';
import {
  AMOUNT_MAX,
  ERROR_CODES,
  type FinancialPlan,
  hasPlanAdvisor,
  type Origin,
  type PlanProposal,
  planProposalSchema,
  VOLUME_MAX,
} from '@rumbo/contract';
import { sql } from 'drizzle-orm';
import type { Assistant } from '../../ai/assistant.ts';
import {
  PROPOSALS_SYSTEM,
  type ProposalsAnswer,
  proposalsAnswerSchema,
  proposalsPrompt,
} from '../../ai/prompts/plan-proposals.es.ts';
import { researchBlock } from '../../ai/prompts/research-context.es.ts';
import { completeJson } from '../../ai/structured.ts';
import type { Db } from '../../db/client.ts';
import { latestStudyReport } from '../../db/latest-study.ts';
import { ownedBusiness } from '../../db/owned-business.ts';
import { financialPlans } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { toBusiness } from '../businesses/business-wire.ts';
import { debit, refund } from '../credits/credits.ts';
import { planCurrency, planOfBusiness } from './read-plan.ts';

/** What 'Proponer supuestos' costs: an answer's credit (plan 12 is never charged). */
export const PROPOSALS_COST = 1;
const PROPOSALS_MAX_OUTPUT_TOKENS = 2_500;
const PROPOSALS_TIMEOUT_MS = 120_000;
/** The report's topics the proposals rest on: its sections that share the most words with these come first. */
const TOPICS =
  'precios precio coste costes clientes ventas mercado tamaño salarios sueldos inversión canales marketing competidores';

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
const short = (text: string, max: number) => text.trim().slice(0, max);

/** The model's answer as proposals, each the mentor's estimate with its reasoning and the sources that exist. */
export function toProposals(answer: ProposalsAnswer, sourceNumbers: Set<number>): PlanProposal[] {
  const tag = crypto.randomUUID().slice(0, 6);
  const origin = (item: { reasoning: string; sources: number[] }): Origin => ({
    kind: 'mentor',
    note: short(item.reasoning, 1000),
    sources: [...new Set(item.sources.filter((n) => sourceNumbers.has(n)))],
  });
  const id = (kind: string, i: number) => `mentor-${kind}-${tag}-${i + 1}`;
  const proposals: unknown[] = [
    ...answer.products.map((p, i) => ({
      id: id('producto', i),
      kind: 'product',
      item: {
        id: id('producto', i),
        name: short(p.name, 120),
        kind: p.kind,
        price: clamp(p.price, AMOUNT_MAX),
        unit_cost: clamp(p.unit_cost, AMOUNT_MAX),
        start_volume: clamp(Math.round(p.start_volume), VOLUME_MAX),
        monthly_growth_pct: Math.min(100, Math.max(-50, p.monthly_growth_pct)),
        churn_pct: p.kind === 'subscription' ? clamp(p.churn_pct, 100) : 0,
        start_month: 1,
        origin: origin(p),
      },
    })),
    ...answer.fixed_costs.map((c, i) => ({
      id: id('coste', i),
      kind: 'fixed_cost',
      item: {
        id: id('coste', i),
        name: short(c.name, 120),
        monthly: clamp(c.monthly, AMOUNT_MAX),
        start_month: 1,
        origin: origin(c),
      },
    })),
    ...answer.team.map((r, i) => ({
      id: id('puesto', i),
      kind: 'role',
      item: {
        id: id('puesto', i),
        name: short(r.name, 120),
        headcount: r.headcount,
        monthly_salary: clamp(r.monthly_salary, AMOUNT_MAX),
        start_month: r.start_month,
        origin: origin(r),
      },
    })),
    ...answer.investments.map((v, i) => ({
      id: id('inversion', i),
      kind: 'investment',
      item: {
        id: id('inversion', i),
        name: short(v.name, 120),
        amount: clamp(v.amount, AMOUNT_MAX),
        month: 0,
        origin: origin(v),
      },
    })),
    ...(answer.marketing_monthly
      ? [
          {
            id: id('marketing', 0),
            kind: 'setting',
            key: 'marketing_monthly',
            value: clamp(answer.marketing_monthly.value, AMOUNT_MAX),
            origin: origin(answer.marketing_monthly),
          },
        ]
      : []),
  ];
  return proposals.flatMap((proposal) => {
    const parsed = planProposalSchema.safeParse(proposal);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * POST /api/businesses/{id}/financial-plan/proposals ('Proponer supuestos', ADR 0041): the model proposes a
 * first set of assumptions from the profile and the latest research, through the structured-output path
 * research uses. Paid plans only; one credit, given back if no proposal comes out. The proposals replace
 * the pending ones; the founder accepts, edits or rejects each on the screen.
 */
export async function proposeAssumptions(
  deps: { db: Db; assistant: Assistant },
  userId: number,
  businessId: number,
): Promise<FinancialPlan> {
  const { db, assistant } = deps;
  const { business, planId } = await ownedBusiness(db, { userId, businessId });
  if (!hasPlanAdvisor(planId)) {
    throw forbidden(
      ERROR_CODES.planAdvisorNotAllowed,
      'Los supuestos propuestos por el mentor están en los planes Founder y CEO. Mejora tu plan para usarlos.',
    );
  }
  if (!assistant.label || assistant.demo) {
    // The demo mentor writes example answers, not figures a founder could plan with.
    throw new AppError(
      503,
      ERROR_CODES.unavailable,
      assistant.demo
        ? 'En el modo de demostración el mentor no propone supuestos: hace falta un modelo de IA configurado.'
        : 'El asistente no está configurado: no puede proponer supuestos.',
    );
  }
  const current = await planOfBusiness(db, business);
  const research = await latestStudyReport(db, businessId);

  const sourceId = `plan-proposals:${businessId}:${crypto.randomUUID()}`;
  if (!(await debit(db, userId, PROPOSALS_COST, sourceId, new Date(), planId))) {
    throw new AppError(
      402,
      ERROR_CODES.creditsExhausted,
      'No te quedan créditos para que el mentor proponga supuestos. Mejora tu plan o espera a que se renueven.',
    );
  }
  let proposals: PlanProposal[] = [];
  try {
    const { value } = await completeJson(assistant, proposalsAnswerSchema, {
      system: PROPOSALS_SYSTEM,
      prompt: proposalsPrompt({
        business: toBusiness(business),
        currency: planCurrency(business),
        assumptions: current.assumptions,
        research: research && researchBlock(research, TOPICS),
      }),
      maxOutputTokens: PROPOSALS_MAX_OUTPUT_TOKENS,
      signal: AbortSignal.timeout(PROPOSALS_TIMEOUT_MS),
    });
    proposals = toProposals(value, new Set((research?.sources ?? []).map((s) => s.number)));
  } catch {
    proposals = [];
  }
  if (proposals.length === 0) {
    await refund(db, sourceId);
    throw new AppError(
      502,
      ERROR_CODES.planProposalsFailed,
      'El mentor no ha podido proponer supuestos ahora. No se ha cobrado nada; inténtalo de nuevo en unos minutos.',
    );
  }
  await db
    .insert(financialPlans)
    .values({ businessId, userId, assumptions: current.assumptions, scenarios: current.scenarios, proposals })
    .onConflictDoUpdate({ target: financialPlans.businessId, set: { proposals, updatedAt: sql`now()` } });
  return planOfBusiness(db, business);
}

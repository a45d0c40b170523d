import {
  AMOUNT_MAX,
  INVENTORY_MONTHS_MAX,
  MULTIPLIER_KEYS,
  ORIGIN_KINDS,
  PLAN_HORIZON_MONTHS,
  PLAN_LIST_MAX,
  PRODUCT_KINDS,
  SCENARIO_MULTIPLIER_MAX,
  SHARE_DAYS,
  VOLUME_MAX,
} from './finance-rules.ts';
import { userText } from './text.ts';
import { z } from './zod.ts';

// Wire shapes of a business's financial plan (ADR 0040, product.md §2.13). Amounts are in the business's
// currency, read to the cent (the engine rounds them half up); percentages are per cent (31.5 = 31,5 %).

const name = () => userText().trim().min(1, 'Obligatorio').max(120, 'Máximo 120 caracteres');
const note = () => userText().trim().max(1000, 'Máximo 1000 caracteres');
const amount = () => z.number().min(0, 'No puede ser negativo').max(AMOUNT_MAX, `Como mucho ${AMOUNT_MAX}`);
const pct = (min: number, max: number) =>
  z.number().min(min, `Como poco ${min} %`).max(max, `Como mucho ${max} %`);
const month = (min: number) =>
  z
    .number()
    .int('Un número de mes entero')
    .min(min, `Entre ${min} y ${PLAN_HORIZON_MONTHS}`)
    .max(PLAN_HORIZON_MONTHS, `Entre ${min} y ${PLAN_HORIZON_MONTHS}`);
const itemId = () =>
  userText()
    .min(1)
    .max(40)
    .regex(/^[\w-]+$/, 'Identificador no válido');
const list = <T extends z.ZodType>(item: T) =>
  z.array(item).max(PLAN_LIST_MAX, `Como mucho ${PLAN_LIST_MAX} elementos`);

/** Where an assumption comes from: the founder, the market research (its source numbers) or the mentor. */
export const originSchema = z.object({
  kind: z.enum(ORIGIN_KINDS),
  note: note(),
  /** Numbers of the report's sources the value rests on. */
  sources: z.array(z.number().int().min(1).max(999)).max(20),
});
export type Origin = z.infer<typeof originSchema>;

const withOrigin = <T extends z.ZodType>(value: T) => z.object({ value, origin: originSchema });

export const planProductSchema = z.object({
  id: itemId(),
  name: name(),
  /** 'sale': units sold each month; 'subscription': customers who pay every month until they leave. */
  kind: z.enum(PRODUCT_KINDS),
  /** Price of a unit, or of a customer's month. */
  price: amount(),
  /** What selling a unit (or serving a customer for a month) costs. */
  unit_cost: amount(),
  /** Units sold (or new customers) in the product's first month. */
  start_volume: z.number().min(0).max(VOLUME_MAX),
  /** How that monthly volume grows each month, compounded (may be negative). */
  monthly_growth_pct: pct(-50, 100),
  /** Subscriptions: the share of last month's customers who leave. */
  churn_pct: pct(0, 100),
  /** The month it starts selling (1 = the plan's first month). */
  start_month: month(1),
  origin: originSchema,
});
export type PlanProduct = z.infer<typeof planProductSchema>;

export const planCostSchema = z.object({
  id: itemId(),
  name: name(),
  monthly: amount(),
  start_month: month(1),
  origin: originSchema,
});
export type PlanCost = z.infer<typeof planCostSchema>;

export const planRoleSchema = z.object({
  id: itemId(),
  name: name(),
  headcount: z.number().int('Un número entero de personas').min(0).max(10_000),
  /** Gross monthly salary of one person (the employer's contributions come on top). */
  monthly_salary: amount(),
  start_month: month(1),
  origin: originSchema,
});
export type PlanRole = z.infer<typeof planRoleSchema>;

export const planInvestmentSchema = z.object({
  id: itemId(),
  name: name(),
  amount: amount(),
  /** 0 = before the first month (the initial investment). */
  month: month(0),
  origin: originSchema,
});
export type PlanInvestment = z.infer<typeof planInvestmentSchema>;

export const planLoanSchema = z.object({
  id: itemId(),
  name: name(),
  principal: amount(),
  annual_rate_pct: pct(0, 100),
  /** Monthly instalments (French amortisation), the first one the month after it is received. */
  term_months: z.number().int().min(1).max(360),
  month: month(0),
  origin: originSchema,
});
export type PlanLoan = z.infer<typeof planLoanSchema>;

/** A grant or an equity round: money received in a month. */
export const planFundingSchema = z.object({
  id: itemId(),
  name: name(),
  amount: amount(),
  month: month(0),
  origin: originSchema,
});
export type PlanFunding = z.infer<typeof planFundingSchema>;

export const multipliersSchema = z
  .object(
    Object.fromEntries(
      MULTIPLIER_KEYS.map((key) => [key, z.number().min(0).max(SCENARIO_MULTIPLIER_MAX).optional()]),
    ) as Record<(typeof MULTIPLIER_KEYS)[number], z.ZodOptional<z.ZodNumber>>,
  )
  .strict();

/** Everything the projection is computed from, grouped the way founders think (product.md §2.13). */
export const financialAssumptionsSchema = z.object({
  /** The plan's first month, 'YYYY-MM'. */
  start_month: userText().regex(/^(20[2-9]\d)-(0[1-9]|1[0-2])$/, 'Un mes como 2027-01'),
  products: list(planProductSchema),
  /** Months of next sales a shop keeps in stock (0: no stock). */
  inventory_months: withOrigin(z.number().int().min(0).max(INVENTORY_MONTHS_MAX)),
  fixed_costs: list(planCostSchema),
  marketing_monthly: withOrigin(amount()),
  team: list(planRoleSchema),
  /** Employer's social-security contributions on top of gross salaries (per cent, by country). */
  employer_cost_pct: withOrigin(pct(0, 100)),
  investments: list(planInvestmentSchema),
  own_funds: withOrigin(amount()),
  loans: list(planLoanSchema),
  grants: list(planFundingSchema),
  equity: list(planFundingSchema),
});
export type FinancialAssumptions = z.infer<typeof financialAssumptionsSchema>;

export const planScenariosSchema = z.object({
  pessimistic: multipliersSchema,
  optimistic: multipliersSchema,
});
export type PlanScenarios = z.infer<typeof planScenariosSchema>;

/** The settings a proposal may change (the lists' items are proposed whole). */
export const PLAN_SETTING_KEYS = [
  'inventory_months',
  'marketing_monthly',
  'employer_cost_pct',
  'own_funds',
] as const;
export type PlanSettingKey = (typeof PLAN_SETTING_KEYS)[number];

const proposalId = () => itemId();

/**
 * One assumption the mentor proposes ('Proponer supuestos'): an item to add (or to put in place of the
 * item with its id) or a setting's value, with its reasoning and the report sources it rests on in its
 * origin. The founder accepts, edits or rejects each one.
 */
export const planProposalSchema = z.discriminatedUnion('kind', [
  z.object({ id: proposalId(), kind: z.literal('product'), item: planProductSchema }),
  z.object({ id: proposalId(), kind: z.literal('fixed_cost'), item: planCostSchema }),
  z.object({ id: proposalId(), kind: z.literal('role'), item: planRoleSchema }),
  z.object({ id: proposalId(), kind: z.literal('investment'), item: planInvestmentSchema }),
  z.object({
    id: proposalId(),
    kind: z.literal('setting'),
    key: z.enum(PLAN_SETTING_KEYS),
    value: z.number().min(0).max(AMOUNT_MAX),
    origin: originSchema,
  }),
]);
export type PlanProposal = z.infer<typeof planProposalSchema>;

/** PUT /api/businesses/{id}/financial-plan: what the founder keeps. */
export const financialPlanInputSchema = z.object({
  assumptions: financialAssumptionsSchema,
  scenarios: planScenariosSchema,
  /** The mentor's proposals not yet accepted or rejected. */
  proposals: z.array(planProposalSchema).max(60).optional(),
});
export type FinancialPlanInput = z.infer<typeof financialPlanInputSchema>;

/** GET /api/businesses/{id}/financial-plan: the plan (or a first one from the profile) and its setting. */
export const financialPlanSchema = z.object({
  business_id: z.number().int(),
  business_name: z.string(),
  stage: z.enum(['idea', 'established']),
  country: z.string(),
  currency: z.enum(['EUR', 'USD']),
  /** The country's number format (Intl). */
  locale: z.string(),
  /** False until the founder first saves it: this is the plan a new one starts with. */
  saved: z.boolean(),
  updated_at: z.string().nullable(),
  assumptions: financialAssumptionsSchema,
  scenarios: planScenariosSchema,
  proposals: z.array(planProposalSchema),
});
export type FinancialPlan = z.infer<typeof financialPlanSchema>;

/** POST /api/businesses/{id}/financial-plan/shares: how long the link lasts. */
export const shareInputSchema = z.object({
  days: z.union(SHARE_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<7>, z.ZodLiteral<30>]),
});
export type ShareInput = z.infer<typeof shareInputSchema>;

/** A read-only link to the plan, as its owner sees it. */
export const planShareSchema = z.object({
  id: z.string(),
  url: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  views: z.number().int(),
  /** Neither revoked nor expired. */
  active: z.boolean(),
});
export type PlanShare = z.infer<typeof planShareSchema>;

/** GET /api/shared/plans/{token}: what a link shows, and nothing else of its owner. */
export const sharedPlanSchema = z.object({
  business_name: z.string(),
  stage: z.enum(['idea', 'established']),
  country: z.string(),
  currency: z.enum(['EUR', 'USD']),
  locale: z.string(),
  expires_at: z.string(),
  assumptions: financialAssumptionsSchema,
  scenarios: planScenariosSchema,
});
export type SharedPlan = z.infer<typeof sharedPlanSchema>;

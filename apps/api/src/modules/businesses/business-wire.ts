import type { z } from '@hono/zod-openapi';
import {
  BUSINESS_STAGE_SEGMENTS,
  type Business,
  type establishedInputSchema,
  type ideaInputSchema,
} from '@rumbo/contract';
import type { businesses } from '../../db/schema/index.ts';

// The one mapping between a business row and its wire shape (product.md §3 'Business'), both ways.

export type BusinessRow = typeof businesses.$inferSelect;

/** A business's fields once the contract's input schema has checked them (rules across fields included). */
export type BusinessInput = z.output<typeof ideaInputSchema> | z.output<typeof establishedInputSchema>;

/** The columns a business input sets (everything but the owner and the stage). */
export type BusinessColumns = Omit<typeof businesses.$inferInsert, 'userId' | 'stage'>;

/** The logo's address; its `v` changes with every upload, so the image may be cached for good. */
export function logoUrl(row: BusinessRow): string | null {
  return row.logoKey
    ? `/api/businesses/${BUSINESS_STAGE_SEGMENTS[row.stage]}/${row.id}/logo?v=${row.logoVersion}`
    : null;
}

/** The wire shape of a stored business. */
export function toBusiness(row: BusinessRow): Business {
  const common = {
    id: row.id,
    name: row.name,
    logo_url: logoUrl(row),
    location: row.location,
    description: row.description,
    goal: row.goal,
    extra_info: row.extraInfo,
    team_description: row.teamDescription,
    team_size: row.teamSize,
    user_position: row.userPosition,
  };
  if (row.stage === 'idea') {
    return {
      ...common,
      stage: 'idea',
      competitor_existence: row.competitorExistence ?? false,
      competitor_differentiation: row.competitorDifferentiation ?? '',
      investment: row.investment ?? 0,
      investment_currency: row.investmentCurrency === 'dollar' ? 'dollar' : 'euro',
    };
  }
  return {
    ...common,
    stage: 'established',
    billing: row.billing ?? 0,
    billing_currency: row.billingCurrency === 'dollar' ? 'dollar' : 'euro',
    ebitda: row.ebitda ?? 0,
    ebitda_currency: row.ebitdaCurrency === 'dollar' ? 'dollar' : 'euro',
    profit_margin: row.profitMargin ?? 0,
    mission_and_vision: row.missionAndVision ?? '',
  };
}

/** The columns of a checked business input. */
export function toBusinessColumns(input: BusinessInput): BusinessColumns {
  const common = {
    name: input.name,
    location: input.location,
    description: input.description,
    goal: input.goal,
    extraInfo: input.extra_info,
    teamDescription: input.team_description,
    teamSize: input.team_size,
    userPosition: input.user_position,
  };
  if ('competitor_existence' in input) {
    return {
      ...common,
      competitorExistence: input.competitor_existence,
      competitorDifferentiation: input.competitor_differentiation,
      investment: input.investment,
      investmentCurrency: input.investment_currency,
    };
  }
  return {
    ...common,
    billing: input.billing,
    billingCurrency: input.billing_currency,
    ebitda: input.ebitda,
    ebitdaCurrency: input.ebitda_currency,
    profitMargin: input.profit_margin,
    missionAndVision: input.mission_and_vision,
  };
}

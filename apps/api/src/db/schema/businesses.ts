import { boolean, doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * A user's business (product.md §3 'Business'): an idea or an established company in one table, with the
 * stage's own fields null for the other stage.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['idea', 'established'] }).notNull(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    goal: text('goal').notNull(),
    extraInfo: text('extra_info').notNull().default(''),
    teamDescription: text('team_description').notNull(),
    teamSize: integer('team_size').notNull(),
    userPosition: text('user_position').notNull().default(''),
    competitorExistence: boolean('competitor_existence'),
    competitorDifferentiation: text('competitor_differentiation'),
    investment: doublePrecision('investment'),
    investmentCurrency: text('investment_currency'),
    billing: doublePrecision('billing'),
    billingCurrency: text('billing_currency'),
    ebitda: doublePrecision('ebitda'),
    ebitdaCurrency: text('ebitda_currency'),
    profitMargin: doublePrecision('profit_margin'),
    missionAndVision: text('mission_and_vision'),
    /** Storage key of the current logo, and a version that changes with it (cache busting). */
    logoKey: text('logo_key'),
    logoVersion: text('logo_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('businesses_user_id_idx').on(t.userId, t.id)],
);

/**
 * The columns every one-per-business document starts with (its financial plan, its roadmap): keyed by the
 * business, owned by its user, deleted with either.
 */
export const businessDocumentColumns = () => ({
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

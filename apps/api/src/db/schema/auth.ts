import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * One row per person: Better Auth's identity and the product user of product.md §3 in the same row, so
 * that no account can exist half-registered.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').notNull().unique(),
    language: text('language').notNull().default('es'),
    role: text('role').notNull().default('user'),
    planId: integer('plan_id').notNull().default(-1),
    isActive: boolean('is_active').notNull().default(true),
    /** Onboarding answer (product.md §3 'Onboarding options'); null until given. */
    discoverySource: text('discovery_source'),
    /** The user asked that analytics not be tied to them (privacy page, profile): their events stay anonymous. */
    analyticsOptOut: boolean('analytics_opt_out').notNull().default(false),
    /**
     * 'Correos de Rumbo' (profile): false when the user turned off the e-mails that are not about their
     * account (the market study's 'ready' and 'failed' mails); the password reset is always sent.
     */
    productMail: boolean('product_mail').notNull().default(true),
    /** The browser's IANA time zone, sent at sign-in (ADR 0056): the notifications' morning is theirs. */
    timeZone: text('time_zone'),
    /** Sign-in asks for an authenticator code (Better Auth's two-factor plugin, product.md §4 second factor). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_language_es', sql`${t.language} = 'es'`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Better Auth's rate-limit counters, in the database so that every app process shares them. */
export const rateLimits = pgTable('rate_limits', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** Failed password sign-ins per client address and e-mail, for the lockout of product.md §8. */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Better Auth's two-factor secret and backup codes (both encrypted by Better Auth with the auth
 * secret). `verified` stays false until the first code from the authenticator app is accepted.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

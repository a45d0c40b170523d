import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { GenericEndpointContext } from '@better-auth/core';
import { getCurrentAdapter } from '@better-auth/core/context';
import { ERROR_CODES, OPERATOR_VERIFICATION_PARAM, OPERATOR_VERIFICATION_TTL_SECONDS } from '@rumbo/contract';
import type { BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
// Without Kysely (about 260 modules loaded for nothing): the database is drizzle's adapter (ADR 0027).
import { getSessionCookie } from 'better-auth/cookies';
import { betterAuth } from 'better-auth/minimal';
import { bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { appOrigins, type Env } from '../../env.ts';
import { originOfRequest } from '../../http/public-origin.ts';
import type { TrackAccountEvent } from '../../lib/track.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { operatorVerificationMail } from '../mail/operator-verification.es.ts';
import { resetPasswordMail } from '../mail/reset-password.es.ts';
import { accountEvents } from './account-events.ts';
import { authInputIssue } from './auth-input.ts';
import { standardAuthenticatorKey } from './authenticator-key.ts';
import { createResetLinks } from './reset-links.ts';
import { secondFactorOnOAuth } from './second-factor-on-oauth.ts';
import { createSessionCache } from './session-cache.ts';
import { createSignInLockout } from './sign-in-lockout.ts';
import { baseUsername, freeUsername } from './usernames.ts';
import { createVerificationLinks } from './verification-links.ts';

export const AUTH_BASE_PATH = '/api/auth';
export const GOOGLE_PROVIDER_ID = 'google';
/** The header our HTTP layer fills with the connecting address (clients cannot set it). */
export const CLIENT_IP_HEADER = 'x-rumbo-client-ip';
export const PASSWORD_MIN_LENGTH = 8;
/** Better Auth's cookies are `rumbo.*` (`__Secure-rumbo.*` over HTTPS). */
const COOKIE_PREFIX = 'rumbo';

/**
 * Whether a request carries a session cookie at all: without one the visitor is signed out for certain
 * (with one, only the session check says whether it is still good).
 */
export function carriesSessionCookie(headers: Headers): boolean {
  return getSessionCookie(headers, { cookiePrefix: COOKIE_PREFIX }) !== null;
}
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** Better Auth's endpoints that check a password: each attempt counts toward the sign-in lockout. */
const PASSWORD_PATHS = new Set([
  '/sign-in/email',
  '/change-password',
  '/verify-password',
  '/delete-user',
  '/two-factor/enable',
  '/two-factor/disable',
]);
/** How long a sign-in waits for its second factor (Better Auth's two-factor cookie and challenge). */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

export interface AuthDeps {
  env: Env;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Told of every account created and every sign-in completed (analytics, ADR 0030). */
  onAccountEvent?: TrackAccountEvent;
}

const EMAIL_ADDRESS = /[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g;

/** A line of Better Auth's for our log: never a failed query's SQL or values, nor an e-mail address. */
export function authLogLine(message: unknown): string {
  const text = String(message);
  if (text.includes('Failed query')) return 'Failed query';
  return text.replace(EMAIL_ADDRESS, '[correo]');
}

export function isGoogleEnabled(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/**
 * The secret that signs session cookies. In production it must come from the environment; a local
 * install keeps a generated one in $DATA_DIR so that sessions survive a restart.
 */
export function authSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  if (env.NODE_ENV === 'production')
    throw new Error('BETTER_AUTH_SECRET is required when NODE_ENV=production');
  const file = path.join(env.DATA_DIR, 'auth-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export function createAuth({ env, db, mailer, logger, onAccountEvent }: AuthDeps) {
  const lockout = createSignInLockout(db);
  const sessions = createSessionCache();
  const resetLinks = createResetLinks(db);
  const verificationLinks = createVerificationLinks(db);
  const clientIp = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? 'unknown';
  /** Whose password an attempt checks: the e-mail given to sign in, else the signed-in user's. */
  const passwordAccount = async (ctx: GenericEndpointContext) => {
    if (ctx.path === '/sign-in/email') {
      const email = (ctx.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email : undefined;
    }
    return (await getSessionFromCtx(ctx))?.user.email;
  };

  const secondFactor = twoFactor({
    issuer: env.PRODUCT_NAME,
    twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
    backupCodeOptions: { amount: 10, length: 10 },
  });

  const options = {
    appName: env.PRODUCT_NAME,
    // Without PUBLIC_URL, Better Auth's links (Google's callback) follow the address in use, as ours do.
    baseURL: env.PUBLIC_URL_FIXED
      ? env.PUBLIC_URL
      : { allowedHosts: appOrigins(env).map((origin) => new URL(origin).host), fallback: env.PUBLIC_URL },
    basePath: AUTH_BASE_PATH,
    secret: authSecret(env),
    trustedOrigins: appOrigins(env),
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
        twoFactor: schema.twoFactors,
      },
    }),
    user: {
      fields: { name: 'fullName' },
      additionalFields: {
        username: { type: 'string', required: false, input: false },
        language: { type: 'string', required: false, input: false, defaultValue: 'es' },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
        planId: { type: 'number', required: false, input: false, defaultValue: -1 },
        isActive: { type: 'boolean', required: false, input: false, defaultValue: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => resetLinks.endAll(user.id),
      sendResetPassword: async ({ user, token }, request) => {
        await resetLinks.endOlderThan(token, user.id);
        const link = `${originOfRequest(env, request)}/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(token)}`;
        await mailer.send(
          await resetPasswordMail({ to: user.email, name: user.name, productName: env.PRODUCT_NAME, link }),
        );
      },
    },
    // Only the console's door mails a verification link (operator-verification.ts, ADR 0022): never a
    // sign-up or a sign-in. The link opens /admin, which spends it for the signed-in account it was sent to.
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: OPERATOR_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url, token }) => {
        await verificationLinks.issue(token, user.id, OPERATOR_VERIFICATION_TTL_SECONDS);
        // `url` is Better Auth's own endpoint (closed below), on the address in use: only its origin is kept.
        const link = `${new URL(url).origin}/admin?${OPERATOR_VERIFICATION_PARAM}=${encodeURIComponent(token)}`;
        await mailer.send(
          operatorVerificationMail({ to: user.email, name: user.name, productName: env.PRODUCT_NAME, link }),
        );
      },
    },
    // Better Auth's verification endpoints mail anyone's unverified address on request and verify whichever
    // account holds the address when a link is opened: the console's routes stand in for them (ADR 0022).
    disabledPaths: ['/send-verification-email', '/verify-email'],
    rateLimit: {
      // Better Auth enables limits only in production unless told: they are on everywhere here.
      enabled: true,
      // Better Auth's counter starts again only after a whole window without requests: an address that
      // keeps signing up (a test suite, a load test) needs WRITE_LIMIT_MULTIPLIER, like the write limits.
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100 * env.WRITE_LIMIT_MULTIPLIER,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 * env.WRITE_LIMIT_MULTIPLIER },
        '/sign-up/email': { window: 60, max: 20 * env.WRITE_LIMIT_MULTIPLIER },
        '/sign-in/social': { window: 60, max: 20 * env.WRITE_LIMIT_MULTIPLIER },
        '/request-password-reset': { window: 60, max: 5 * env.WRITE_LIMIT_MULTIPLIER },
        '/reset-password': { window: 60, max: 10 * env.WRITE_LIMIT_MULTIPLIER },
        // The plugin's own rule (3 per 10 s on every /two-factor/* path) would refuse a person who
        // mistypes a code and tries again; the plugin still ends a challenge after 5 wrong codes and
        // locks the second factor after 10 in a row.
        '/two-factor/*': { window: 60, max: 20 * env.WRITE_LIMIT_MULTIPLIER },
      },
    },
    advanced: {
      database: { generateId: 'serial' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips its origin check when NODE_ENV=test unless this is false explicitly.
      disableOriginCheck: false,
      // http/public-origin.ts replaces these headers on every request with the checked public origin.
      trustedProxyHeaders: true,
      cookiePrefix: COOKIE_PREFIX,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Google sign-in onto an address that already has a password account is refused rather than
    // linked: linking would let whoever registered that address first keep a way in (ADR 0005).
    account: { accountLinking: { enabled: false } },
    databaseHooks: {
      user: {
        create: {
          // The product user is the identity row itself: its username is chosen here, inside the
          // sign-up transaction (product.md §4: on collision, two random letters; see `freeUsername`).
          before: async (user, ctx) => {
            const adapter = ctx ? await getCurrentAdapter(ctx.context.adapter) : undefined;
            const taken = async (candidate: string) =>
              adapter
                ? Boolean(
                    await adapter.findOne({
                      model: 'user',
                      where: [{ field: 'username', value: candidate }],
                    }),
                  )
                : false;
            const username = await freeUsername(baseUsername(user.name, user.email), taken);
            const name = user.name?.trim() || user.email.split('@')[0] || username;
            return {
              data: { ...user, name, username, language: 'es', role: 'user', planId: -1, isActive: true },
            };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Input the database cannot store is refused before anything looks it up (auth-input.ts).
        const issue = authInputIssue(ctx);
        if (issue) throw new APIError('BAD_REQUEST', { code: ERROR_CODES.validation, ...issue });
        if (!PASSWORD_PATHS.has(ctx.path)) return;
        // Without an account (no e-mail, no session) the endpoint refuses the call itself.
        const account = await passwordAccount(ctx);
        if (account !== undefined && !(await lockout.begin(clientIp(ctx.headers), account))) {
          throw new APIError('TOO_MANY_REQUESTS', {
            code: 'TOO_MANY_FAILED_SIGN_INS',
            message: 'Demasiados intentos fallidos, intenta más tarde',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // Sign-out, revocations, password reset and change, user deletion: any call but a session read
        // may have ended sessions, and cached ones must not outlive them here (ADR 0011).
        if (ctx.path !== '/get-session') sessions.clear();
        // A failed attempt stays counted; one that got through was the owner's.
        if (!PASSWORD_PATHS.has(ctx.path) || ctx.context.returned instanceof APIError) return;
        const account = await passwordAccount(ctx);
        if (account !== undefined) await lockout.succeeded(clientIp(ctx.headers), account);
      }),
    },
    plugins: [
      bearer(),
      // Sign-in with an authenticator app (ADR 0047, ADR 0023): a password sign-in of such an account answers
      // `twoFactorRedirect` and a short-lived challenge cookie; the session comes with the code.
      secondFactor,
      standardAuthenticatorKey(),
      ...(isGoogleEnabled(env)
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  discoveryUrl: env.GOOGLE_DISCOVERY_URL,
                  clientId: env.GOOGLE_CLIENT_ID as string,
                  clientSecret: env.GOOGLE_CLIENT_SECRET as string,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  mapProfileToUser: (profile) => ({
                    name: (typeof profile.name === 'string' && profile.name.trim()) || undefined,
                  }),
                },
              ],
            }),
          ]
        : []),
      // Google sign-in too (ADR 0023): after the plugins that end a sign-in with a session.
      secondFactorOnOAuth(secondFactor),
      // Last: it must see what the other plugins' hooks left of a sign-in (a Google sign-in turned
      // into a second-factor challenge above records no 'Login').
      ...(onAccountEvent ? [accountEvents(onAccountEvent)] : []),
    ],
    // An error Better Auth does not answer itself (a failed query, a bug) is thrown to the app's error
    // handler, which logs it without SQL or values and answers in the API's shape. Left to Better Auth, it
    // would be printed with console.error, query, parameters and all (ADR 0026).
    onAPIError: { throw: true },
    logger: {
      log: (level, message) => logger[level]({ source: 'better-auth' }, authLogLine(message)),
    },
  } satisfies BetterAuthOptions;

  return Object.assign(betterAuth(options), { sessions });
}

export type Auth = ReturnType<typeof createAuth>;

import { SECOND_FACTOR_STEP } from '@rumbo/contract';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { twoFactor } from 'better-auth/plugins';

/** Better Auth's OAuth callback: where a Google sign-in ends with a session. */
const OAUTH_CALLBACK_PATH = '/callback/:id';

/**
 * Google sign-in asks for the second factor too (ADR 0023). Better Auth's two-factor plugin swaps the
 * new session for a challenge only after the password sign-ins; this plugin runs the plugin's own hook
 * after the OAuth callback as well (same challenge cookie, same attempt limits, the same trusted
 * devices), then sends the browser to the login screen's code step instead of into the app.
 */
export function secondFactorOnOAuth(plugin: ReturnType<typeof twoFactor>): BetterAuthPlugin {
  const [challenge] = plugin.hooks.after;
  if (!challenge) throw new Error('the two-factor plugin has no sign-in hook to reuse');
  const onCallback = (ctx: { path?: string }) => ctx.path === OAUTH_CALLBACK_PATH;
  return {
    id: 'two-factor-on-oauth',
    hooks: {
      after: [
        { matcher: onCallback, handler: challenge.handler },
        {
          matcher: onCallback,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { twoFactorRedirect?: unknown } | undefined;
            if (returned?.twoFactorRedirect !== true) return;
            throw ctx.redirect(`/?${SECOND_FACTOR_STEP.param}=${SECOND_FACTOR_STEP.value}`);
          }),
        },
      ],
    },
  };
}

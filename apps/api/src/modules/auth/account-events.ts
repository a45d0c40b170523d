import { defineRequestState } from '@better-auth/core/context';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { TrackAccountEvent } from '../../lib/track.ts';

/** Better Auth's ways in: a session one of these makes for someone not yet signed in is a sign-in. */
const SIGN_IN_PATHS = new Set([
  '/sign-in/email',
  // Google (and any OAuth provider) returning to the app.
  '/callback/:id',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
]);

/** The account created during this request, whose first session is its sign-up, not a 'Login'. */
const createdThisRequest = defineRequestState<string | null>(() => null);

/**
 * Reports every account created (e-mail or Google) and every completed sign-in, once, as the auth
 * library sees them (ADR 0030): the browser cannot lose them, repeat them, or report a 'Login' for the
 * account it has just created. A plugin, so that its after hook runs after the two-factor plugin's,
 * which removes the session of a sign-in that still waits for its code: that sign-in is reported when the
 * code is accepted. Keep it last among the plugins.
 */
export function accountEvents(report: TrackAccountEvent) {
  return {
    id: 'rumbo-account-events',
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            create: {
              // Runs once the sign-up's transaction has committed.
              after: async (user, ctx) => {
                await createdThisRequest.set(String(user.id)).catch(() => {
                  // Created outside a request (no request state): there is no session to tell apart.
                });
                report({ kind: 'sign_up', userId: Number(user.id), headers: ctx?.headers });
              },
            },
          },
        },
      },
    }),
    hooks: {
      after: [
        {
          matcher: (ctx) => SIGN_IN_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            // None: the sign-in failed, or waits for its second factor.
            if (!created) return;
            // Someone already signed in got a fresh session (turning two-factor on): no sign-in.
            if (ctx.context.session) return;
            if ((await createdThisRequest.get()) === String(created.user.id)) return;
            report({ kind: 'login', userId: Number(created.user.id), headers: ctx.headers });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

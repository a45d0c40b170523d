import { paths } from '../../../config/paths.ts';
import { type AuthClientError, authClient, GOOGLE_PROVIDER_ID } from './auth-client.ts';

/** Marks the address Better Auth sends the browser back to when a Google sign-in fails. */
export const GOOGLE_ERROR_MARK = { param: 'authError', value: 'google' } as const;
/** Better Auth appends the reason as `error` (and sometimes `error_description`). */
export const OAUTH_ERROR_PARAMS = ['error', 'error_description'] as const;

/**
 * Starts the Google redirect flow (ADR 0005). On success Better Auth's client moves the page to Google
 * and the returned promise resolves with null while the page unloads; a new account comes back to
 * /onboard, an existing one to the root, a failure to the root with `?authError=google&error=…`.
 */
export async function startGoogleSignIn(): Promise<AuthClientError | null> {
  const { error } = await authClient.signIn.social({
    provider: GOOGLE_PROVIDER_ID,
    callbackURL: paths.home,
    newUserCallbackURL: paths.onboard,
    errorCallbackURL: `${paths.home}?${GOOGLE_ERROR_MARK.param}=${GOOGLE_ERROR_MARK.value}`,
  });
  return error ?? null;
}

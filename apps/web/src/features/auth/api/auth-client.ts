import { createAuthClient } from 'better-auth/react';
import { AUTH_BASE_PATH } from './auth-paths.ts';

/** The server registers Google through its generic OAuth plugin under this provider id. */
export const GOOGLE_PROVIDER_ID = 'google';

/**
 * Better Auth's browser client (sign-up, sign-in, sign-out, password-reset requests, Google). The session
 * at start is read without it (session.ts): every screen waits for that read, and the client is about
 * 11 KB gzip.
 *
 * Better Auth 1.7 exposes providers registered by the server's `genericOAuth` plugin through the
 * standard `signIn.social` action, so no client plugin is needed for Google.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: AUTH_BASE_PATH,
  fetchOptions: {
    // Better Auth captures `fetch` when the client is created; resolving it on every call keeps the
    // client working with whatever fetch the page (or a test) has at request time.
    customFetchImpl: (input, init) => fetch(input, init),
  },
});

export type AuthClient = typeof authClient;

/**
 * Ends the server session. For an account that signed in with Google, Better Auth would also answer
 * with the provider's logout page and send the browser there; leaving Rumbo must not sign the user out
 * of their Google account, so that redirect is declined.
 */
export function signOutOnServer() {
  return authClient.signOut({ disableRedirect: true });
}

/** The user object Better Auth returns from sign-in, sign-up and get-session. */
export type AuthUser = AuthClient['$Infer']['Session']['user'];

/** Better Auth's error object (`{ status, statusText, code?, message? }`). */
export interface AuthClientError {
  status: number;
  statusText?: string;
  code?: string;
  message?: string;
}

/**
 * Better Auth's client answers `{ data, error }`, but a request that never reaches the server (offline)
 * throws instead: this turns that into an error with status 0 so callers handle one shape.
 */
export async function settle<Result extends { error: unknown }>(
  call: () => Promise<Result>,
): Promise<Result | { data: null; error: AuthClientError }> {
  try {
    return await call();
  } catch (error) {
    return { data: null, error: { status: 0, message: String(error) } };
  }
}

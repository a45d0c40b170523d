import { NO_PLAN, SIGNED_OUT_META } from '@rumbo/contract';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths.ts';
import { accountQueryKeys } from '../../lib/query-keys.ts';
import type { AuthUser } from './api/auth-client.ts';
import { AUTH_BASE_PATH } from './api/auth-paths.ts';

/** product.md §3 'Signed-in identity'. */
export interface SignedInIdentity {
  uid: string;
  displayName: string;
  email: string;
}

/** product.md §3: the auth layer keeps the current user and whether it was just registered. */
export interface SessionState {
  identity: SignedInIdentity;
  isNewUser: boolean;
}

export function toIdentity(user: Pick<AuthUser, 'id' | 'name' | 'email'>): SignedInIdentity {
  return { uid: String(user.id), displayName: user.name, email: user.email };
}

/** Thrown when the session cannot be read at all (server down, network): not the same as signed out. */
export class SessionUnavailableError extends Error {
  constructor(readonly status: number) {
    super(`get-session failed with status ${status}`);
    this.name = 'SessionUnavailableError';
  }
}

/**
 * Better Auth's get-session (`{ session, user }`, or null when signed out), read with plain fetch as its
 * client would: every screen waits for this read, and loading the client for it put Better Auth on every
 * first visit's path (the login loads it with its forms).
 */
export async function fetchSession(): Promise<SessionState | null> {
  let response: Response;
  try {
    response = await fetch(`${AUTH_BASE_PATH}/get-session`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new SessionUnavailableError(0);
  }
  if (!response.ok) throw new SessionUnavailableError(response.status);
  let body: { user?: Pick<AuthUser, 'id' | 'name' | 'email'> } | null;
  try {
    body = await response.json();
  } catch {
    // A proxy's page in place of the answer: the session is unknown, not absent.
    throw new SessionUnavailableError(response.status);
  }
  return body?.user ? { identity: toIdentity(body.user), isNewUser: false } : null;
}

/**
 * The Better Auth session (null when signed out), for the root and the route loaders alike. It is read once
 * at start and then changed only by this feature (sign-in, sign-up, sign-out, a 401), so it never goes stale
 * by itself. A page the server marked as served without a session cookie starts signed out without asking.
 */
export const sessionQuery = {
  queryKey: accountQueryKeys.session,
  queryFn: fetchSession,
  initialData: signedOutAtStart,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
};

/**
 * Null (signed out) when the page carries the server's mark, else nothing known. The mark is taken away
 * once read: it speaks of the page's first request, not of a session started since.
 */
function signedOutAtStart(): null | undefined {
  const mark = document.querySelector(`meta[name="${SIGNED_OUT_META}"]`);
  if (!mark) return undefined;
  mark.remove();
  return null;
}

/**
 * Forgets everything the signed-in user had loaded and marks the session as signed out. The session
 * query is set rather than removed so that the screens watching it switch to the login at once.
 */
export function clearSessionState(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  const sessionHash = hashKey(accountQueryKeys.session);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
  queryClient.setQueryData<SessionState | null>(accountQueryKeys.session, null);
}

/** Marks the login the browser is sent to after deleting the account: it confirms the deletion. */
export const ACCOUNT_DELETED_MARK = { param: 'cuenta', value: 'eliminada' } as const;
export const accountDeletedPath = `${paths.home}?${ACCOUNT_DELETED_MARK.param}=${ACCOUNT_DELETED_MARK.value}`;

/** product.md §2.2 / ADR 0006: where a user lands after signing in or registering. */
export function afterSignInPath({ isNewUser, planId }: { isNewUser: boolean; planId: number }): string {
  if (isNewUser) return paths.onboard;
  if (planId === NO_PLAN) return paths.plans;
  return paths.home;
}

import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { meQueryOptions } from '../features/auth/hooks/use-me.ts';
import { sessionQuery } from '../features/auth/session.ts';

/**
 * Whether someone is signed in, for route loaders: they run before the root has decided between the
 * screen and the login, and must not call the product API for a visitor (the root shows the login).
 * Reads the same cached session as the root.
 */
export async function hasSession(queryClient: QueryClient): Promise<boolean> {
  try {
    const session = await queryClient.ensureQueryData(sessionQuery);
    return session !== null;
  } catch {
    // The root shows the failure itself.
    return false;
  }
}

/**
 * Whether the page may be a signed-in user's, known at once: false for a visitor the server marked as
 * signed out (the request carried no session cookie) and after a sign-out, true while the session is being
 * read. Starts that read. A loader that asks for the product's data on `true` asks in parallel with the
 * session, a round trip sooner on a phone's network; for a cookie that is no longer good the answers are
 * 401s, and the root shows the login once the session says so.
 */
export function mayBeSignedIn(queryClient: QueryClient): boolean {
  void hasSession(queryClient);
  return queryClient.getQueryData(sessionQuery.queryKey) !== null;
}

/**
 * The root's loader: the session and the product user are asked for together as soon as the app starts,
 * while the first screen's code still loads, not once it has (every screen's root needs both before it
 * shows anything). A visitor the server marked as signed out asks for nothing. Nothing waits on it: the
 * root shows its own spinner and failures, from the cache these answers fill.
 */
export function createRootLoader(queryClient: QueryClient): LoaderFunction {
  return () => {
    if (mayBeSignedIn(queryClient)) void queryClient.prefetchQuery(meQueryOptions());
    return null;
  };
}

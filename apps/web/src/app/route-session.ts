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
 * The root's loader: the session, and for a signed-in user the product user, are asked for as soon as
 * the app starts, while the first screen's code still loads, not once it has (every screen's root needs
 * both before it shows anything). A visitor the server marked as signed out asks for nothing. Nothing
 * waits on it: the root shows its own spinner and failures, from the cache these answers fill.
 */
export function createRootLoader(queryClient: QueryClient): LoaderFunction {
  return () => {
    void hasSession(queryClient).then((signedIn) => {
      if (signedIn) void queryClient.prefetchQuery(meQueryOptions());
    });
    return null;
  };
}

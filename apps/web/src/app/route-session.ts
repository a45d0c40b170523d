import type { QueryClient } from '@tanstack/react-query';
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

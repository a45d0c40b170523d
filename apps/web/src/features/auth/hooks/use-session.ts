import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../session.ts';

/** The Better Auth session (null when signed out): see `sessionQuery`. */
export function useSession() {
  return useQuery(sessionQuery);
}

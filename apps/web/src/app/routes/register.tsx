import { Navigate } from 'react-router';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { afterSignInPath } from '../../features/auth/session.ts';

/**
 * /register. Signed out, the root already shows the login screen on its registration view; a
 * signed-in user who lands here goes where the after-login rule sends them (product.md §2.2).
 */
export function Component() {
  const session = useSession();
  const me = useMe({ enabled: Boolean(session.data) });
  if (!session.data || !me.data) return <FullScreenSpinner />;
  return (
    <Navigate to={afterSignInPath({ isNewUser: session.data.isNewUser, planId: me.data.plan_id })} replace />
  );
}

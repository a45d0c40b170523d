import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { useEndSession, useSignOutOnUnauthorized } from '../../features/auth/hooks/use-sign-out.ts';
import type { SessionState } from '../../features/auth/session.ts';
import { isOpenPath, signedInRedirect } from '../guards.ts';
import { useStartupDelay } from '../startup-delay.ts';

// Signed-in users never need the login screen's code (forms, validation): it loads on demand.
const LoginScreen = lazy(() =>
  import('../../features/auth/components/login-screen.tsx').then((module) => ({
    default: module.LoginScreen,
  })),
);

/**
 * Spec §2.2 and §2.3: the root of every screen. Open screens show at once; every other one waits for
 * the start delay and the session, then shows the login in its place (keeping the address) or, for a
 * signed-in user, the screen itself once the product user has loaded.
 */
export function Component() {
  useSignOutOnUnauthorized();
  const { pathname } = useLocation();
  const started = useStartupDelay();
  const session = useSession();

  if (isOpenPath(pathname)) return <Outlet />;
  if (!started || session.isPending) return <FullScreenSpinner />;
  if (session.isError) return <RouteError />;
  if (!session.data) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <LoginScreen initialView={pathname === paths.register ? 'register' : 'login'} />
      </Suspense>
    );
  }
  return <SignedIn session={session.data} pathname={pathname} />;
}

/**
 * Spec §2.3 'Logged-in guard' with ADR 0006: the product user must load and be the signed-in identity
 * (with an id above -1), otherwise the user is signed out; without a plan only /onboard and /plans open.
 */
function SignedIn({ session, pathname }: { session: SessionState; pathname: string }) {
  const me = useMe();
  const endSession = useEndSession();
  const user = me.data;
  const rejected =
    me.isError || (user !== undefined && (user.id <= -1 || String(user.id) !== session.identity.uid));

  useEffect(() => {
    if (rejected) endSession();
  }, [rejected, endSession]);

  if (!user || rejected) return <FullScreenSpinner />;
  const redirect = signedInRedirect(pathname, user.plan_id);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}

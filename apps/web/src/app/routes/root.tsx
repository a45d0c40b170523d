import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { RouteError } from '../../components/route-error.tsx';
import { copy } from '../../config/copy.es.ts';
import { paths } from '../../config/paths.ts';
import { PageView } from '../../features/analytics/page-view.tsx';
import { useAnalyticsIdentity } from '../../features/analytics/use-analytics-identity.ts';
import type { LoginView } from '../../features/auth/components/login-screen.tsx';
import { opensForgotView } from '../../features/auth/components/login-view.ts';
import { useMe } from '../../features/auth/hooks/use-me.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { useEndSession, useSignOutOnUnauthorized } from '../../features/auth/hooks/use-sign-out.ts';
import type { SessionState } from '../../features/auth/session.ts';
import { isOpenPath, signedInRedirect } from '../guards.ts';
import { useDocumentTitle, useRouteTitle } from '../page-title.ts';
import { useStartupDelay } from '../startup-delay.ts';

// Signed-in users never need the login screen's code (forms, validation): it loads on demand.
const LoginScreen = lazy(() =>
  import('../../features/auth/components/login-screen.tsx').then((module) => ({
    default: module.LoginScreen,
  })),
);

/** product.md §2.12: the login screen's views are reported as pages of their own. */
const LOGIN_VIEW_PAGES: Record<LoginView, string> = {
  login: '/login',
  register: '/register',
  forgot: '/forgottenPass',
};

const LOGIN_VIEW_TITLES: Record<LoginView, string> = {
  login: copy.titles.login,
  register: copy.titles.register,
  forgot: copy.titles.forgot,
};

/**
 * product.md §2.2 and §2.3: the root of every screen. Open screens show at once; every other one waits for
 * the start delay and the session, then shows the login in its place (keeping the address) or, for a
 * signed-in user, the screen itself once the product user has loaded.
 */
export function Component() {
  useSignOutOnUnauthorized();
  const { pathname, state } = useLocation();
  const started = useStartupDelay();
  const session = useSession();
  const me = useMe({ enabled: Boolean(session.data) });
  useAnalyticsIdentity({
    uid: session.isPending || session.isError ? undefined : (session.data?.identity.uid ?? null),
    planId: me.data?.plan_id,
  });
  // The routed page names the document; while the login shows in its place, the login does.
  const routeTitle = useRouteTitle();
  useDocumentTitle(isOpenPath(pathname) || session.data ? routeTitle : null);

  if (isOpenPath(pathname)) {
    return (
      <>
        <PageView path={pathname} />
        <Outlet />
      </>
    );
  }
  if (!started || session.isPending) return <FullScreenSpinner />;
  if (session.isError) return <RouteError />;
  if (!session.data) {
    const initialView = opensForgotView(state)
      ? 'forgot'
      : pathname === paths.register
        ? 'register'
        : 'login';
    return <SignedOut initialView={initialView} />;
  }
  return <SignedIn session={session.data} pathname={pathname} />;
}

/** The login screen in place of the page, each of its views reported as a page view of its own. */
function SignedOut({ initialView }: { initialView: LoginView }) {
  const [view, setView] = useState<LoginView>(initialView);
  useDocumentTitle(LOGIN_VIEW_TITLES[view]);
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <PageView path={LOGIN_VIEW_PAGES[view]} />
      <LoginScreen initialView={initialView} onViewChange={setView} />
    </Suspense>
  );
}

/**
 * product.md §2.3 'Logged-in guard' with ADR 0006: the product user must load and be the signed-in identity
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
  return (
    <>
      <PageView path={pathname} />
      <Outlet />
    </>
  );
}

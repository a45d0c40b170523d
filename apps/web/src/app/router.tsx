import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type LoaderFunction, Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { RouteError } from '../components/route-error.tsx';
import { copy } from '../config/copy.es.ts';
import { paths } from '../config/paths.ts';
import { createChatLoader } from './chat-loader.ts';
import { titled } from './page-title.ts';
import { createRootLoader } from './route-session.ts';

const titles = copy.titles;

/** A lazily loaded screen whose loader (product.md §2.3 'Resolvers', guards) reads the query cache. */
interface LoadingRouteModule {
  Component: RouteObject['Component'];
  createLoader: (queryClient: QueryClient) => LoaderFunction;
}

/**
 * The home is the index route, so it is matched on the login screen too (the root shows the login in
 * place of any page), and a route `lazy` would load its code there. Loaded by React when it renders,
 * which only a signed-in user's root does, it stays out of the login's budget (bench chat-screen).
 */
const Home = lazy(() => import('./routes/home.tsx').then((module) => ({ default: module.Component })));
function HomeScreen() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Home />
    </Suspense>
  );
}

/**
 * The route table of product.md §2.1. Every screen is a lazily loaded module; the root decides between the
 * screen and the login (product.md §2.2, §2.3). Loaders share the app's query cache with the screens.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const withLoader = async (module: Promise<LoadingRouteModule>) => {
    const { Component, createLoader } = await module;
    return { Component, loader: createLoader(queryClient) };
  };
  return [
    {
      lazy: () => import('./routes/root.tsx'),
      loader: createRootLoader(queryClient),
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullScreenSpinner />,
      children: [
        { path: 'onboard', handle: titled(titles.onboarding), lazy: () => import('./routes/onboard.tsx') },
        { path: 'plans', handle: titled(titles.plans), lazy: () => import('./routes/plans.tsx') },
        {
          path: 'stripe_cancel',
          handle: titled(titles.paymentFailed),
          lazy: () => import('./routes/stripe-cancel.tsx'),
        },
        {
          path: 'stripe_success',
          handle: titled(titles.paymentResult),
          lazy: () => import('./routes/stripe-success.tsx'),
        },
        {
          path: '',
          lazy: () => import('./routes/shell.tsx'),
          children: [
            { index: true, handle: titled(titles.home), Component: HomeScreen },
            {
              path: 'chats',
              handle: titled(titles.chats),
              lazy: () => withLoader(import('./routes/chats.tsx')),
            },
            {
              path: 'chats/:forceCache',
              handle: titled(titles.chats),
              lazy: () => withLoader(import('./routes/chats.tsx')),
            },
            { path: 'tools', handle: titled(titles.tools), lazy: () => import('./routes/tools.tsx') },
            // The operator's console (ADR 0017): the not-found page for everyone else.
            { path: 'admin', handle: titled(titles.console), lazy: () => import('./routes/admin.tsx') },
            {
              path: 'new-business',
              handle: titled(titles.newBusiness),
              lazy: () => withLoader(import('./routes/new-business.tsx')),
            },
            {
              path: 'edit-business/:type/:businessId',
              handle: titled(titles.editBusiness),
              lazy: () => withLoader(import('./routes/edit-business.tsx')),
            },
          ],
        },
        {
          path: 'chat/:type/:company',
          handle: titled(titles.chat),
          // Beside the lazy screen, so that it runs while the screen's code loads (chat-loader.ts).
          loader: createChatLoader(queryClient),
          lazy: () => import('./routes/chat.tsx'),
        },
        // A chat attachment's PDF, opened in a window of its own (ADR 0032).
        { path: 'pdf', handle: titled(titles.pdf), lazy: () => import('./routes/pdf.tsx') },
        {
          path: 'report/:businessId',
          handle: titled(titles.report),
          lazy: () => import('./routes/report.tsx'),
        },
        {
          path: 'finanzas/:businessId',
          handle: titled(titles.finance),
          lazy: () => import('./routes/finance.tsx'),
        },
        {
          path: 'roadmap/:businessId',
          handle: titled(titles.roadmap),
          lazy: () => import('./routes/roadmap.tsx'),
        },
        {
          path: 'compartido/:token',
          handle: titled(titles.sharedPlan),
          lazy: () => import('./routes/shared-plan.tsx'),
        },
        {
          path: 'profile',
          lazy: () => import('./routes/profile-layout.tsx'),
          children: [
            { index: true, handle: titled(titles.profile), lazy: () => import('./routes/profile.tsx') },
            {
              path: 'sub',
              handle: titled(titles.subscription),
              lazy: () => import('./routes/subscription.tsx'),
            },
          ],
        },
        {
          path: 'reset-password',
          handle: titled(titles.resetPassword),
          lazy: () => import('./routes/reset-password.tsx'),
        },
        { path: 'register', lazy: () => import('./routes/register.tsx') },
        { path: 'terminos', handle: titled(titles.terms), lazy: () => import('./routes/terms.tsx') },
        { path: 'privacidad', handle: titled(titles.privacy), lazy: () => import('./routes/privacy.tsx') },
        // A product mail's footer link (ADR 0050): open, the signed token is the proof.
        { path: 'baja', handle: titled(titles.unsubscribe), lazy: () => import('./routes/unsubscribe.tsx') },
        // product.md §2.1 'Also used as navigation targets': the subscription tab and the dashboard.
        { path: 'subscription', element: <Navigate to={paths.subscription} replace /> },
        { path: 'dashboard', element: <Navigate to={paths.home} replace /> },
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}

import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunction, Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/full-screen-spinner.tsx';
import { RouteError } from '../components/route-error.tsx';
import { paths } from '../config/paths.ts';

/** A lazily loaded screen whose loader (spec §2.3 'Resolvers', guards) reads the query cache. */
interface LoadingRouteModule {
  Component: RouteObject['Component'];
  createLoader: (queryClient: QueryClient) => LoaderFunction;
}

/**
 * The route table of spec §2.1. Every screen is a lazily loaded module; the root decides between the
 * screen and the login (spec §2.2, §2.3). Loaders share the app's query cache with the screens.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const withLoader = async (module: Promise<LoadingRouteModule>) => {
    const { Component, createLoader } = await module;
    return { Component, loader: createLoader(queryClient) };
  };
  return [
    {
      lazy: () => import('./routes/root.tsx'),
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullScreenSpinner />,
      children: [
        { path: 'onboard', lazy: () => import('./routes/onboard.tsx') },
        { path: 'plans', lazy: () => import('./routes/plans.tsx') },
        { path: 'stripe_cancel', lazy: () => import('./routes/stripe-cancel.tsx') },
        { path: 'stripe_success', lazy: () => import('./routes/stripe-success.tsx') },
        {
          path: '',
          lazy: () => import('./routes/shell.tsx'),
          children: [
            { index: true, lazy: () => import('./routes/home.tsx') },
            { path: 'chats', lazy: () => withLoader(import('./routes/chats.tsx')) },
            { path: 'chats/:forceCache', lazy: () => withLoader(import('./routes/chats.tsx')) },
            { path: 'tools', lazy: () => import('./routes/tools.tsx') },
            // The operator's console (ADR 0017): the not-found page for everyone else.
            { path: 'admin', lazy: () => import('./routes/admin.tsx') },
            { path: 'new-business', lazy: () => withLoader(import('./routes/new-business.tsx')) },
            {
              path: 'edit-business/:type/:businessId',
              lazy: () => withLoader(import('./routes/edit-business.tsx')),
            },
          ],
        },
        { path: 'chat/:type/:company', lazy: () => import('./routes/chat.tsx') },
        { path: 'report/:businessId', lazy: () => import('./routes/report.tsx') },
        {
          path: 'profile',
          lazy: () => import('./routes/profile-layout.tsx'),
          children: [
            { index: true, lazy: () => import('./routes/profile.tsx') },
            { path: 'sub', lazy: () => import('./routes/subscription.tsx') },
          ],
        },
        { path: 'reset-password', lazy: () => import('./routes/reset-password.tsx') },
        { path: 'register', lazy: () => import('./routes/register.tsx') },
        { path: 'terminos', lazy: () => import('./routes/terms.tsx') },
        { path: 'privacidad', lazy: () => import('./routes/privacy.tsx') },
        { path: '*', element: <Navigate to={paths.home} replace /> },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}

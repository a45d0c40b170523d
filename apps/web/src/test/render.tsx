import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';

// Testing Library unmounts between tests by itself only when Vitest runs with globals, which this
// workspace does not: every test file that renders through here gets the cleanup.
afterEach(() => {
  cleanup();
});

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * Renders a route table (or one element at every address) with a fresh query cache. A function
 * receives that cache, for route tables whose loaders use it.
 */
export function renderWithRouter(
  content: ReactElement | RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  { path = '/', queryClient = testQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
) {
  const routes =
    typeof content === 'function'
      ? content(queryClient)
      : Array.isArray(content)
        ? content
        : [{ path: '*', element: content }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

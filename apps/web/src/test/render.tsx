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

/** Renders a route table (or one element at every address) with a fresh query cache. */
export function renderWithRouter(
  content: ReactElement | RouteObject[],
  { path = '/' }: { path?: string } = {},
) {
  const queryClient = testQueryClient();
  const routes = Array.isArray(content) ? content : [{ path: '*', element: content }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

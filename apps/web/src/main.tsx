import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import { startVisit } from './lib/analytics/client.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

// Before anything renders: a visit that leaves within a moment still counts, with its campaign (ADR 0030).
startVisit();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// One cache for the screens and for the route loaders that fill it before a screen opens.
const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createRouter(queryClient)} />
    </QueryClientProvider>
  </StrictMode>,
);

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './app.ts';

export interface TestHttpServer extends TestApp {
  /** The app on a real loopback HTTP server (streams, disconnects and all). */
  url: string;
  /** fetch against the server, from the app's own origin. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export async function startTestHttpServer(
  overrides: Record<string, string> = {},
  options: { jobs?: boolean; webDistDir?: string } = {},
): Promise<TestHttpServer> {
  const t = await createTestApp(overrides, options);
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...t,
    url,
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('origin')) headers.set('origin', TEST_PUBLIC_URL);
      return fetch(`${url}${path}`, { ...init, headers });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

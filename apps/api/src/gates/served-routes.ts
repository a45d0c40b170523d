import type { z } from 'zod';
import { createLogger } from '../logger.ts';
import { createAuth } from '../modules/auth/auth.ts';
import type { TestApp } from '../test/app.ts';
import type { AuthRoute, OpenApiDocument, ServedRoute } from './fuzz-operations.ts';

/**
 * Every route the app serves, as the gates (the authorisation matrix, the fuzzing) take them: the OpenAPI
 * document's operations, the app's own routes outside it, and Better Auth's endpoints, read from Better
 * Auth's own list as the app configures it. A route added to any of them is in these lists at once.
 */

/** A route as `METHOD /api/path/{param}`. */
const pathTemplate = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export async function openApiDocument(t: TestApp): Promise<OpenApiDocument> {
  return (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
}

/** The OpenAPI document's operations. */
export function documentRoutes(doc: OpenApiDocument): ServedRoute[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path: `/api${path}` })),
  );
}

/** The app's routes that its OpenAPI document does not describe (the SPA's config, analytics…). */
export function routesOutsideDocument(t: TestApp, doc: OpenApiDocument): ServedRoute[] {
  const documented = new Set(documentRoutes(doc).map((r) => `${r.method} ${r.path}`));
  const outside = new Map<string, ServedRoute>();
  for (const route of t.app.routes) {
    // ALL entries are middleware (guards, limits, the 404 of unknown paths), not operations; Better
    // Auth's mount is listed by authRoutes.
    if (route.method === 'ALL' || route.path === '/api/auth/*') continue;
    const served = { method: route.method, path: pathTemplate(route.path) };
    const key = `${served.method} ${served.path}`;
    if (!documented.has(key)) outside.set(key, served);
  }
  return [...outside.values()];
}

/** Better Auth's endpoints, as the app configures it: the app hands GET and POST of /api/auth/* to it. */
export function authRoutes(t: TestApp): AuthRoute[] {
  const auth = createAuth({
    env: t.env,
    db: t.database.db,
    mailer: { send: async () => {} },
    logger: createLogger('silent'),
  });
  type Endpoint = {
    path?: string;
    options?: {
      method?: string | string[];
      body?: z.ZodType;
      query?: z.ZodType;
      metadata?: { SERVER_ONLY?: boolean };
    };
  };
  const routes: AuthRoute[] = [];
  for (const endpoint of Object.values(auth.api) as Endpoint[]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options?.method].flat().flatMap((m) => (m === '*' ? ['GET', 'POST'] : [m]));
    for (const method of methods.filter((m) => m === 'GET' || m === 'POST') as string[]) {
      routes.push({
        method,
        path: `/api/auth${pathTemplate(endpoint.path)}`,
        body: endpoint.options?.body,
        query: endpoint.options?.query,
      });
    }
  }
  return routes;
}

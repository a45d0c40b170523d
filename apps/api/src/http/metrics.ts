import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Hono, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import client from 'prom-client';
import { type Db, queryRows } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import { collectProcessMetrics, httpRequestDuration, registry } from '../lib/metrics.ts';
import { RESEARCH_JOB } from '../modules/research/start-research.ts';
import type { AppEnv } from './context.ts';

/**
 * `/metrics` in Prometheus's text format (ADR 0035). Never public by default: with METRICS_TOKEN the
 * app serves it to a bearer of that token (401 to anyone else); with METRICS_PORT a server of its own
 * serves it on that port, for a scraper on a private network; with neither, `/metrics` is a 404.
 */

export interface MetricsSource {
  db: Db;
  queue?: Queue;
}

const researchRuns = new client.Gauge({
  name: 'rumbo_research_runs',
  help: 'Market research runs in the database by state (pending, running, completed, failed, disabled)',
  labelNames: ['state'] as const,
  registers: [registry],
});
const researchQueueDepth = new client.Gauge({
  name: 'rumbo_research_queue_depth',
  help: 'Market research jobs waiting in the job queue',
  registers: [registry],
});

/** The registry's text, with the gauges that live in the database read now. */
export async function renderMetrics(source: MetricsSource): Promise<string> {
  const runs = await queryRows<{ status: string; runs: number | string }>(
    source.db,
    sql`select status, count(*) as runs from researches group by status`,
  );
  researchRuns.reset();
  for (const { status, runs: count } of runs) researchRuns.set({ state: status }, Number(count));
  if (source.queue) researchQueueDepth.set(await source.queue.getQueueSize(RESEARCH_JOB));
  return registry.metrics();
}

/**
 * Times every request by its route's pattern (`/api/chats/:id/messages/stream`), never the path with its
 * ids, so that the series stay few. A streamed answer counts until its response started.
 */
export function measureRequests(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const end = httpRequestDuration.startTimer();
    await next();
    // The last route of the request's method that matched is its handler (middleware matches every method).
    const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? 'other';
    end({ method: c.req.method, route, status: c.res.status });
  };
}

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/** `GET /metrics` on the app: the token's bearer gets the metrics, others 401; without a token, 404. */
export function mountMetrics(app: Hono<AppEnv>, token: string | undefined, source: MetricsSource): void {
  app.get('/metrics', async (c) => {
    if (!token) return c.text('Not found', 404);
    const given = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('Unauthorized', 401);
    }
    return c.text(await renderMetrics(source), 200, { 'Content-Type': registry.contentType });
  });
}

/** METRICS_PORT: `/metrics` on a server of its own (no token: keep the port private). */
export async function serveMetricsPort(
  port: number,
  host: string,
  source: MetricsSource,
): Promise<{ port: number; close(): Promise<void> }> {
  collectProcessMetrics();
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end('Not found');
      return;
    }
    renderMetrics(source).then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end('metrics unavailable'),
    );
  });
  await new Promise<void>((resolve) => server.listen({ port, host }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

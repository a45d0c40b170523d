import { afterEach, expect, test } from 'vitest';
import { chatOwner, MINIMAL_IDEA, newChat } from '../test/chat-owner.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../test/http-server.ts';
import { serveMetricsPort } from './metrics.ts';

// What an operator sees (ADR 0035): readiness apart from liveness, and Prometheus metrics behind a token.

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestHttpServer | undefined;
let fake: FakeOpenAI | undefined;

afterEach(async () => {
  await t?.close();
  await fake?.close();
  t = undefined;
  fake = undefined;
});

const ready = async (server: TestHttpServer) => {
  const res = await server.fetch('/api/health/ready');
  return { status: res.status, body: await res.json() };
};

test('ready only with the database answering, migrations applied and the queue running; not while stopping', async () => {
  t = await startTestHttpServer({}, { jobs: true });
  expect(await ready(t)).toEqual({ status: 200, body: { status: 'ready' } });

  t.app.beginShutdown();
  expect(await ready(t)).toEqual({
    status: 503,
    body: { status: 'unavailable', missing: ['shutting_down'] },
  });
});

test('a process whose database has stopped is alive but not ready', async () => {
  t = await startTestHttpServer({}, { jobs: true });
  expect((await ready(t)).status).toBe(200);
  await t.database.close();
  expect(await ready(t)).toMatchObject({
    status: 503,
    body: { missing: expect.arrayContaining(['database']) },
  });
  expect((await t.fetch('/api/health')).status).toBe(503);
});

test('a process without a job queue is not ready', async () => {
  t = await startTestHttpServer();
  expect(await ready(t)).toEqual({ status: 503, body: { status: 'unavailable', missing: ['queue'] } });
});

test('/metrics is not served without METRICS_TOKEN or METRICS_PORT', async () => {
  t = await startTestHttpServer();
  const res = await t.fetch('/metrics');
  expect(res.status).toBe(404);
  expect(await res.text()).not.toContain('rumbo_');
});

/** The value of one series in Prometheus's text format (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

test('/metrics asks for the token, and its counters move with a streamed answer, a refusal and a failed model call', {
  timeout: 60_000,
}, async () => {
  let failNext = false;
  fake = await startFakeOpenAI({
    script: (body) => {
      if (!body.stream) return { tokens: ['Título'] };
      if (failNext) return { tokens: [], status: 500 };
      return { tokens: tokenize('Valida la demanda con veinte entrevistas.') };
    },
  });
  t = await startTestHttpServer(
    { METRICS_TOKEN: TOKEN, AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.url, AI_MODEL: 'fake' },
    { jobs: true },
  );
  const server = t;
  expect((await server.fetch('/metrics')).status).toBe(401);
  expect((await server.fetch('/metrics', { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(
    401,
  );
  const scrape = async () => {
    const res = await server.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };
  const before = await scrape();
  for (const name of [
    'rumbo_http_request_duration_seconds',
    'rumbo_live_streams',
    'rumbo_answers_total',
    'rumbo_answer_time_to_first_token_seconds',
    'rumbo_model_call_errors_total',
    'rumbo_credits_spent_total',
    'rumbo_research_runs',
    'rumbo_research_queue_depth',
    'rumbo_emails_total',
    'process_cpu_seconds_total',
    'nodejs_eventloop_lag_seconds',
  ]) {
    expect(before).toContain(`# TYPE ${name} `);
  }

  const send = async (who: { businessId: number; cookie: string }, chatId: number, content: string) => {
    const res = await server.fetch(`/api/businesses/${who.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
    });
    expect(res.status).toBe(200);
    return res.text().catch(() => '');
  };
  const rich = await chatOwner(server, { planId: 7, credits: 10, idea: MINIMAL_IDEA });
  expect(await send(rich, await newChat(server, rich), '¿Cómo valido la demanda?')).toContain('entrevistas');
  const broke = await chatOwner(server, { planId: 7, credits: 0, idea: MINIMAL_IDEA });
  await send(broke, await newChat(server, broke), '¿Y el precio?');
  failNext = true;
  // A failed answer cuts its stream (the client retries): here the request itself may fail.
  await send(rich, await newChat(server, rich), '¿Y los canales?').catch(() => '');

  // The failed answer's end is stored a moment after its stream is cut.
  let after = await scrape();
  for (
    let i = 0;
    i < 50 &&
    seriesValue(after, 'rumbo_answers_total{outcome="failed"}') ===
      seriesValue(before, 'rumbo_answers_total{outcome="failed"}');
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await scrape();
  }
  const moved = (series: string) => seriesValue(after, series) - seriesValue(before, series);
  expect(moved('rumbo_answers_total{outcome="finished"}')).toBe(1);
  expect(moved('rumbo_answers_total{outcome="refused"}')).toBe(1);
  expect(moved('rumbo_answers_total{outcome="failed"}')).toBe(1);
  expect(moved('rumbo_model_call_errors_total{kind="server",call="answer"}')).toBe(1);
  expect(moved('rumbo_credits_spent_total')).toBe(2);
  expect(moved('rumbo_answer_time_to_first_token_seconds_count{outcome="finished"}')).toBe(1);
  expect(
    moved(
      'rumbo_http_request_duration_seconds_count{method="POST",route="/api/businesses/:id/chats/:chatId/messages/stream",status="200"}',
    ),
  ).toBe(3);
  expect(seriesValue(after, 'rumbo_live_streams')).toBe(0);
});

test('METRICS_PORT serves /metrics on a port of its own, without a token, and nothing else', async () => {
  t = await startTestHttpServer();
  const port = await serveMetricsPort(0, '127.0.0.1', { db: t.database.db });
  try {
    const res = await fetch(`http://127.0.0.1:${port.port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE rumbo_answers_total counter');
    expect((await fetch(`http://127.0.0.1:${port.port}/api/health`)).status).toBe(404);
  } finally {
    await port.close();
  }
});

import client from 'prom-client';

/**
 * The process's Prometheus metrics (ADR 0035): one registry per process, as Prometheus scrapes one
 * target per process. The code that sees an event counts it here whether or not `/metrics` is served (a
 * counter costs an addition); http/metrics.ts serves them, with the gauges read from the database at
 * each scrape, only when METRICS_TOKEN or METRICS_PORT is set.
 */
export const registry = new client.Registry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = new client.Histogram({
  name: 'rumbo_http_request_duration_seconds',
  help: 'HTTP requests by method, route and status: time until the response started (its _count is the number of requests)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const liveStreams = new client.Gauge({
  name: 'rumbo_live_streams',
  help: 'Streamed chat answers whose response is open in this process',
  registers: [registry],
});

const ANSWER_OUTCOMES = ['finished', 'stopped', 'failed', 'interrupted', 'refused'] as const;

export const answers = new client.Counter({
  name: 'rumbo_answers_total',
  help: 'Chat answers by outcome (refused: answered without a model, for lack of credits or of a configured model)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const answerTimeToFirstToken = new client.Histogram({
  name: 'rumbo_answer_time_to_first_token_seconds',
  help: "Time from the start of an answer's generation to the model's first text, by the answer's outcome",
  labelNames: ['outcome'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const modelCallDuration = new client.Histogram({
  name: 'rumbo_model_call_duration_seconds',
  help: 'Model calls by kind of call (answer, complete, title) and result (ok, error)',
  labelNames: ['call', 'result'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

export const modelCallErrors = new client.Counter({
  name: 'rumbo_model_call_errors_total',
  help: 'Failed model calls by kind of error (rate_limited, refused, server, timeout, network, other) and of call',
  labelNames: ['kind', 'call'] as const,
  registers: [registry],
});

export const creditsSpent = new client.Counter({
  name: 'rumbo_credits_spent_total',
  help: 'Credits debited for answers (a failed answer gives its credit back: see rumbo_answers_total{outcome="failed"})',
  registers: [registry],
});

export const emails = new client.Counter({
  name: 'rumbo_emails_total',
  help: 'E-mails by result (sent, failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

// Before the first scrape every series with known labels shows 0, so that rate() and alerts see it exist.
for (const outcome of ANSWER_OUTCOMES) answers.inc({ outcome }, 0);
for (const result of ['sent', 'failed']) emails.inc({ result }, 0);
creditsSpent.inc(0);

let defaultMetrics = false;

/** Node's own metrics (CPU, memory, event loop lag, handles): started once, when metrics are served. */
export function collectProcessMetrics(): void {
  if (defaultMetrics) return;
  defaultMetrics = true;
  client.collectDefaultMetrics({ register: registry });
}

/** What kind of failure a model call's error is: the label of rumbo_model_call_errors_total. */
export function modelErrorKind(error: unknown): string {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number') {
    if (status === 429) return 'rate_limited';
    if (status === 408) return 'timeout';
    return status >= 500 ? 'server' : 'refused';
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError') return 'timeout';
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === 'string' && /^E(CONN|NOTFOUND|AI_AGAIN|HOSTUNREACH|PIPE)|^UND_ERR/.test(code))
    return 'network';
  return 'other';
}

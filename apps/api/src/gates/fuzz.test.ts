import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { makeDocx, makePdf } from '../test/documents.ts';
import { AUTH_OPERATIONS, type OpenApiDocument, type Operation, operationsOf } from './fuzz-operations.ts';
import { caseOf, requestInit, type Samples } from './fuzz-requests.ts';
import { createOwner, type Owner, pngLogo, startGateApp } from './world.ts';

// The fuzzing gate (README): every operation of the OpenAPI document (and Better Auth's endpoints that take
// user input), with requests generated from its schemas by fast-check, mostly valid and partly hostile,
// sent by a signed-in owner of every kind of resource so that they reach the code behind validation.
// No answer may be a 500 (or another 5xx the operation does not document), none may show a stack trace
// or SQL, and the server answers /api/health afterwards.

const SEED = 20_261_113;
/** Cases per operation: about 3,000 in all. */
const RUNS = 60;

/** What an answer must never show: a stack trace, a source path, SQL or a failed query. */
const FORBIDDEN_IN_BODY = [
  /\n\s+at .+[(:]\d+/,
  /node_modules|\.ts:\d+/,
  /Failed query|\bparams:/,
  /\b(select .+ from|insert into|update \S+ set|delete from)\b/i,
];

function problemOf(op: Operation, status: number, body: string): string | undefined {
  if (status === 500) return 'answered 500';
  if (status > 500 && !op.documented.includes(status)) return `answered an undocumented ${status}`;
  const shown = FORBIDDEN_IN_BODY.find((pattern) => pattern.test(body));
  return shown ? `the body shows ${shown}` : undefined;
}

/** Long generated values cut short, so that a failure report stays readable. */
const shorten = (value: unknown) =>
  JSON.stringify(value, (_k, v) =>
    typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v,
  );

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  // Deep paths rather than the rate limiter's 429 (which is an accepted answer all the same).
  t = await startGateApp({ WRITE_LIMIT_MULTIPLIER: '1000' });
  owner = await createOwner(t);
});
afterAll(async () => {
  await t?.close();
});

/**
 * The answer's text; of a Server-Sent Events stream, only what it has sent at once. A fuzzed request may
 * start a new research run, and a stream that follows a run under way stays open for minutes.
 */
async function answerText(res: Response): Promise<string> {
  if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) return res.text();
  const reader = res.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

describe('fuzzing every operation (security gate)', () => {
  // About 20 s on a quiet machine; the suite's default 20 s is too tight for a busy one.
  it('never answers 500, a stack trace or SQL, and the server stays healthy', {
    timeout: 120_000,
  }, async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
    const components = doc.components?.schemas ?? {};
    const operations = [...operationsOf(doc), ...AUTH_OPERATIONS];
    const samples: Samples = {
      png: new Uint8Array(await pngLogo()),
      pdf: new Uint8Array(makePdf(['Plan de empresa', 'Ventas previstas: 1.000 €'])),
      docx: new Uint8Array(await makeDocx(['Plan de empresa', 'Ventas previstas'])),
    };
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let cases = 0;

    for (const [index, op] of operations.entries()) {
      const property = fc.asyncProperty(caseOf(owner, op, components, samples), async (c) => {
        const query = c.query.length > 0 ? `?${new URLSearchParams(c.query)}` : '';
        const res = await t.request(`${c.path}${query}`, requestInit(c, op.method, owner.cookie), c.clientIp);
        const body = await answerText(res);
        cases += 1;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const problem = problemOf(op, res.status, body);
        if (problem) throw new Error(`${problem}: ${body.slice(0, 500)}`);
      });
      const run = await fc.check(property, { seed: SEED + index, numRuns: RUNS, endOnFailure: true });
      if (run.failed) {
        failures.push(
          `${op.method} ${op.path} (seed ${SEED + index}): ${String(run.errorInstance).slice(0, 700)}\n` +
            `  case: ${shorten(run.counterexample?.[0])}`,
        );
      }
    }

    const health = await t.request('/api/health');
    console.log(
      `fuzzing: ${operations.length} operations, ${cases} cases, ${failures.length} failing operations; ` +
        `answers ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    expect(failures).toEqual([]);
    expect(health.status).toBe(200);
  });
});

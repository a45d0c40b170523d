import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestApp } from '../test/app.ts';
import { makeDocx, makePdf } from '../test/documents.ts';
import { captureLog, type LogCapture, logProblems } from '../test/log-capture.ts';
import { edgeCases } from './fuzz-edge-cases.ts';
import {
  authOperationsOf,
  deletingBusinessesLast,
  type Operation,
  operationsOf,
  outsideOperationsOf,
} from './fuzz-operations.ts';
import { type Case, caseOf, requestInit, type Samples } from './fuzz-requests.ts';
import { authRoutes, openApiDocument, routesOutsideDocument } from './served-routes.ts';
import { createOwner, type Owner, PASSWORD, pngLogo, startGateApp } from './world.ts';

// The fuzzing gate (README): every route the app serves (the OpenAPI document's operations, its routes
// outside the document and every Better Auth endpoint, from Better Auth's own list: served-routes.ts),
// with requests generated from its schemas by fast-check, mostly valid and partly hostile, and the edge's
// fixed cases (fuzz-edge-cases.ts: JSON 10,000 deep, 1 MB strings, 3,000-character e-mails, lone
// surrogates, wrong types). They are sent by a signed-in owner of every kind of resource so that they
// reach the code behind validation; Better Auth's endpoints by a user of their own, and those that may end
// the session or the account last, by a new user each. No answer may be a 500 (or another 5xx the operation does not document), none
// may show a stack trace or SQL, the server answers /api/health afterwards, and its log (and anything
// printed with console meanwhile) holds no SQL, no query parameters and no e-mail address.

const SEED = 20_261_113;
/** Cases fast-check draws per operation: about 4,600 in all, besides about 1,100 fixed ones. */
const RUNS = 40;
/** Better Auth's endpoints that may end the caller's session or account: sent last, by a new user each. */
const ENDS_SESSION = /\/(sign-out|revoke-sessions?|delete-user)$/;

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
let log: LogCapture;
beforeAll(async () => {
  log = captureLog();
  // Deep paths rather than the rate limiter's 429 (which is an accepted answer all the same).
  t = await startGateApp({ WRITE_LIMIT_MULTIPLIER: '1000' }, { logger: log.logger });
  owner = await createOwner(t);
});
afterAll(async () => {
  log?.stop();
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

describe('fuzzing every route (security gate)', () => {
  // 30–60 s on a shared 2-core machine.
  it('never answers 500, a stack trace or SQL, the server stays healthy and its log clean', {
    timeout: 300_000,
  }, async () => {
    const doc = await openApiDocument(t);
    const components = doc.components?.schemas ?? {};
    const auth = authOperationsOf(authRoutes(t));
    const operations = [
      ...deletingBusinessesLast([
        ...operationsOf(doc),
        ...outsideOperationsOf(routesOutsideDocument(t, doc)),
      ]),
      ...auth.filter((op) => !ENDS_SESSION.test(op.path)),
      ...auth.filter((op) => ENDS_SESSION.test(op.path)),
    ];
    const newUser = async (index: number) =>
      (await signUp(t, { name: 'Fuzz', email: `fuzz.${index}@example.com`, password: PASSWORD })).cookie;
    // Better Auth's endpoints act on whoever asks: a user of their own, not the owner.
    const authUser = await newUser(0);
    const samples: Samples = {
      png: new Uint8Array(await pngLogo()),
      pdf: new Uint8Array(makePdf(['Plan de empresa', 'Ventas previstas: 1.000 €'])),
      docx: new Uint8Array(await makeDocx(['Plan de empresa', 'Ventas previstas'])),
    };
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let cases = 0;

    for (const [index, op] of operations.entries()) {
      const cookie = !op.path.startsWith('/api/auth/')
        ? owner.cookie
        : ENDS_SESSION.test(op.path)
          ? await newUser(index + 1)
          : authUser;
      const send = async (c: Case) => {
        const query = c.query.length > 0 ? `?${new URLSearchParams(c.query)}` : '';
        const res = await t.request(`${c.path}${query}`, requestInit(c, op.method, cookie), c.clientIp);
        const body = await answerText(res);
        cases += 1;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        return problemOf(op, res.status, body) && `${problemOf(op, res.status, body)}: ${body.slice(0, 500)}`;
      };
      const where = `${op.method} ${op.path} (seed ${SEED + index})`;
      for (const c of edgeCases(owner, op, components, SEED + index)) {
        const problem = await send(c);
        if (problem) {
          failures.push(`${where}, fixed case: ${problem}\n  case: ${shorten(c)}`);
          break;
        }
      }
      const property = fc.asyncProperty(caseOf(owner, op, components, samples), async (c) => {
        const problem = await send(c);
        if (problem) throw new Error(problem);
      });
      const run = await fc.check(property, { seed: SEED + index, numRuns: RUNS, endOnFailure: true });
      if (run.failed) {
        failures.push(
          `${where}: ${String(run.errorInstance).slice(0, 700)}\n  case: ${shorten(run.counterexample?.[0])}`,
        );
      }
    }

    const health = await t.request('/api/health');
    await t.app.analytics.flush();
    log.stop();
    console.log(
      `fuzzing: ${operations.length} operations, ${cases} cases, ${failures.length} failing operations; ` +
        `answers ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    expect(failures).toEqual([]);
    expect(health.status).toBe(200);
    expect(logProblems(log.text()), 'the log and the console').toEqual([]);
  });
});

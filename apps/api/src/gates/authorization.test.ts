import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { chat, type Entry, established, idea } from './authorization-calls.ts';
import { APP_OPERATIONS } from './authorization-matrix-app.ts';
import { AUTH_OPERATIONS } from './authorization-matrix-auth.ts';
import { CHAT_AND_BILLING_OPERATIONS } from './authorization-matrix-chats.ts';
import { FINANCE_OPERATIONS } from './authorization-matrix-finance.ts';
import { NOTIFICATION_OPERATIONS } from './authorization-matrix-notifications.ts';
import { ROADMAP_OPERATIONS } from './authorization-matrix-roadmap.ts';
import { authRoutes, documentRoutes, openApiDocument, routesOutsideDocument } from './served-routes.ts';
import {
  createOwner,
  createStranger,
  OWNER_MARK,
  type Owner,
  ownerEstablished,
  type Person,
  startGateApp,
} from './world.ts';

// The authorisation gate (README): every operation of the API (the OpenAPI document, the routes outside
// it and Better Auth's endpoints), sent anonymously and by another signed-in user against the owner's
// resources, is refused (401/403/404) or gives its documented public answer, and no answer carries
// anything of the owner's. A route the app serves that this table does not list fails the test.

// The matrix itself lives in authorization-matrix-*.ts; the order of its parts is the order of sending.
// The roadmap's and the financial plan's go first: revoking the owner's link (last) must come before their idea is deleted.
const MATRIX: Record<string, Entry> = {
  ...ROADMAP_OPERATIONS,
  ...NOTIFICATION_OPERATIONS,
  ...FINANCE_OPERATIONS,
  ...APP_OPERATIONS,
  ...CHAT_AND_BILLING_OPERATIONS,
  ...AUTH_OPERATIONS,
};

/** The per-user write limits may answer any write; a 429 refuses and shows nothing. */
const RATE_LIMITED = 429;

let t: TestApp;
let owner: Owner;
let stranger: Person;
beforeAll(async () => {
  t = await startGateApp();
  owner = await createOwner(t);
  stranger = await createStranger(t);
});
afterAll(async () => {
  await t?.close();
});

/** Every operation the app serves: its OpenAPI document, its own routes and Better Auth's endpoints. */
async function servedOperations(): Promise<Set<string>> {
  const doc = await openApiDocument(t);
  const routes = [...documentRoutes(doc), ...routesOutsideDocument(t, doc), ...authRoutes(t)];
  return new Set(routes.map((route) => `${route.method} ${route.path}`));
}

interface Answer {
  operation: string;
  caller: string;
  status: number;
  problem?: string;
}

async function send(operation: string, entry: Entry, caller: string, cookie?: string): Promise<Answer> {
  const method = operation.split(' ')[0] as string;
  const call = await entry.request(owner, caller);
  const headers = new Headers(call.headers);
  if (cookie) headers.set('cookie', cookie);
  const res = await t.request(call.path, { method, headers, body: call.body, redirect: 'manual' });
  const text = `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${await res.text()}`;
  const answer: Answer = { operation, caller, status: res.status };
  if (res.status >= 500 && !(entry.answers ?? []).includes(res.status)) answer.problem = 'server error';
  const secrets = caller === 'owner' ? [] : [OWNER_MARK, owner.sessionToken];
  const leaked = secrets.find((secret) => text.toLowerCase().includes(secret.toLowerCase()));
  if (leaked) answer.problem = `leaked ${leaked === OWNER_MARK ? "the owner's data" : "the owner's session"}`;
  return answer;
}

/** What each caller should have been answered; undefined when the answer is right. */
function wrongAnswer(
  entry: Entry,
  caller: 'anonymous' | 'stranger' | 'owner',
  status: number,
): string | undefined {
  if (status === RATE_LIMITED) return undefined;
  if (entry.access === 'public') {
    return entry.answers?.includes(status) ? undefined : `expected one of ${entry.answers?.join(', ')}`;
  }
  if (caller === 'anonymous') return status === 401 ? undefined : 'expected 401';
  if (caller === 'stranger' && entry.access === 'owner') {
    return status === 403 || status === 404 ? undefined : 'expected 403 or 404';
  }
  if (caller === 'stranger' && entry.access === 'operator') {
    return status === 403 ? undefined : 'expected 403';
  }
  if (caller === 'owner') {
    return status < 400 || entry.ownerAnswers?.includes(status)
      ? undefined
      : 'expected the owner to be answered (2xx/3xx)';
  }
  return status < 500 ? undefined : 'expected no server error';
}

describe('authorisation matrix (security gate)', () => {
  it('lists every operation the app serves, and nothing it does not', async () => {
    const served = await servedOperations();
    const listed = new Set(Object.keys(MATRIX));
    expect(
      [...served].filter((op) => !listed.has(op)),
      'served but not in MATRIX: add them',
    ).toEqual([]);
    expect(
      [...listed].filter((op) => !served.has(op)),
      'in MATRIX but not served',
    ).toEqual([]);
  });

  it('refuses anonymous callers and other users on every operation, and leaks nothing of the owner', async () => {
    const ordered = Object.entries(MATRIX).sort(
      ([, a], [, b]) => Number(a.last ?? false) - Number(b.last ?? false),
    );
    const answers: Answer[] = [];
    for (const [caller, cookie] of [
      ['anonymous', undefined],
      ['stranger', stranger.cookie],
    ] as const) {
      for (const [operation, entry] of ordered) {
        const answer = await send(operation, entry, caller, cookie);
        answer.problem ??= wrongAnswer(entry, caller, answer.status);
        answers.push(answer);
      }
    }
    // The owner's things are all still there, and their session still works.
    const own = (path: string) => t.request(path, { headers: { cookie: owner.cookie } });
    expect.soft((await own(idea(owner))).status, 'the owner reads their idea').toBe(200);
    expect
      .soft(await (await own(established(owner))).json(), 'their established business is unchanged')
      .toMatchObject({ name: ownerEstablished.name, profit_margin: 16 });
    const { messages } = (await (await own(chat(owner))).json()) as { messages?: unknown[] };
    expect.soft(messages, 'their chat has its two messages').toHaveLength(2);
    expect.soft((await own(`${idea(owner)}/logo`)).status, 'their logo is there').toBe(200);
    const ownAccounts = await t.database.db.select().from(accounts).where(eq(accounts.userId, owner.id));
    expect.soft(ownAccounts, 'their password account is there').toHaveLength(1);

    // The owner is answered on their own resources: the refusals above are about who asked.
    for (const [operation, entry] of ordered.filter(([, e]) => e.access === 'owner')) {
      const answer = await send(operation, entry, 'owner', owner.cookie);
      answer.problem ??= wrongAnswer(entry, 'owner', answer.status);
      answers.push(answer);
    }

    const wrong = answers.filter((a) => a.problem);
    const leaks = answers.filter((a) => a.problem?.startsWith('leaked'));
    console.log(
      `authorization matrix: ${Object.keys(MATRIX).length} operations × 2 callers (anonymous, another user) ` +
        `+ the owner on ${answers.length - 2 * ordered.length} of theirs, ${leaks.length} leaks, ${wrong.length} wrong answers`,
    );
    expect(wrong).toEqual([]);
  });
});

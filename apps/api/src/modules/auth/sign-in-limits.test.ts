import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, signInFailures } from '../../db/schema/index.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import {
  ACCOUNT_MAX_ATTEMPTS,
  accountKey,
  createSignInLockout,
  deleteExpiredSignInCounters,
  MAX_FAILED_SIGN_INS,
  pairKey,
} from './sign-in-lockout.ts';

const password = 'contraseña-segura';
const tooMany = { code: 'too-many-requests', message: 'Demasiados intentos fallidos, intenta más tarde' };

/** The load balancer of the tests behind one: every request reaches the app from its address. */
const BALANCER = '10.0.0.2';

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/24' });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

/** A password attempt reaching the app from `from`, with the X-Forwarded-For a proxy or client wrote. */
function attempt(
  t: TestApp,
  path: string,
  body: URLSearchParams | object,
  from: string,
  forwardedFor?: string,
) {
  const form = body instanceof URLSearchParams;
  return t.request(
    path,
    {
      method: 'POST',
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: form ? body.toString() : JSON.stringify(body),
    },
    from,
  );
}

const token = (t: TestApp, email: string, pass: string, from: string, forwardedFor?: string) =>
  attempt(t, '/api/token', new URLSearchParams({ username: email, password: pass }), from, forwardedFor);
const signIn = (t: TestApp, email: string, pass: string, from: string, forwardedFor?: string) =>
  attempt(t, '/api/auth/sign-in/email', { email, password: pass }, from, forwardedFor);

const statusesOf = (responses: Response[]) => responses.map((res) => res.status);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('failed password attempts', () => {
  it('evaluates at most MAX_FAILED_SIGN_INS of 50 concurrent wrong passwords on /api/token', async () => {
    await signUp(direct, { name: 'Lara', email: 'lara@example.com', password });
    const from = '10.20.0.1';
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => token(direct, 'lara@example.com', `mal-${i}-mal`, from)),
    );
    const statuses = statusesOf(burst);
    expect(count(statuses, 401)).toBeGreaterThan(0);
    expect(count(statuses, 401)).toBeLessThanOrEqual(MAX_FAILED_SIGN_INS);
    expect(count(statuses, 429)).toBe(50 - count(statuses, 401));
    const refused = burst.find((res) => res.status === 429);
    expect(await refused?.json()).toEqual(tooMany);

    // Even with the per-address rate limit forgotten, the lockout alone refuses the right password.
    await direct.database.db.delete(rateLimits);
    const right = await token(direct, 'lara@example.com', password, from);
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual(tooMany);
    expect((await signIn(direct, 'lara@example.com', password, from)).status).toBe(429);
    // The owner elsewhere is not locked out.
    expect((await token(direct, 'lara@example.com', password, '10.20.0.99')).status).toBe(200);
  });

  it('allows 20 /api/token attempts a minute from one address, like /api/auth/sign-in/email', async () => {
    const from = '10.20.0.2';
    const statuses: number[] = [];
    // Every attempt on an account of its own: only the per-address limit can refuse them.
    for (let i = 0; i < 21; i++) {
      const res = await token(direct, `nadie${i}@example.com`, 'no-es-la-contraseña', from);
      statuses.push(res.status);
      if (res.status === 429) expect(await res.json()).toEqual(tooMany);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
    // One budget for every way in from that address.
    expect((await signIn(direct, 'otro@example.com', 'no-es-la-contraseña', from)).status).toBe(429);
  });

  it('counts wrong passwords given to /verify-password and /change-password too', async () => {
    const from = '10.20.0.3';
    const { cookie } = await signUp(direct, { name: 'Mario', email: 'mario@example.com', password });
    const post = (path: string, body: object) =>
      direct.request(
        `/api/auth/${path}`,
        {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        from,
      );
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      expect((await post('verify-password', { password: `mal-${i}-mal` })).status).toBe(400);
    }
    expect((await post('verify-password', { password })).status).toBe(429);
    const change = await post('change-password', { currentPassword: password, newPassword: 'otra-segura-1' });
    expect(change.status).toBe(429);
    expect((await signIn(direct, 'mario@example.com', password, from)).status).toBe(429);
  });

  it('slows attempts on one account from many addresses without locking its owner out for good', async () => {
    await signUp(direct, { name: 'Nora', email: 'nora@example.com', password });
    for (let i = 0; i < ACCOUNT_MAX_ATTEMPTS; i++) {
      expect((await signIn(direct, 'nora@example.com', 'mal-mal-mal', `10.21.0.${i + 1}`)).status).toBe(401);
    }
    // Past the account's allowance, every address waits for the short window to pass.
    expect((await signIn(direct, 'nora@example.com', password, '10.21.1.1')).status).toBe(429);
    await direct.database.db.execute(
      sql`update ${signInFailures} set window_started_at = now() - interval '1 hour'`,
    );
    expect((await signIn(direct, 'nora@example.com', password, '10.21.1.1')).status).toBe(200);
  });

  it("does not use up an address's allowance with attempts refused only for the account's sake", async () => {
    await signUp(direct, { name: 'Rosa', email: 'rosa@example.com', password });
    for (let i = 0; i < ACCOUNT_MAX_ATTEMPTS; i++) {
      expect((await signIn(direct, 'rosa@example.com', 'mal-mal-mal', `10.22.0.${i + 1}`)).status).toBe(401);
    }
    const owner = '10.22.1.1';
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      expect((await signIn(direct, 'rosa@example.com', password, owner)).status).toBe(429);
    }
    // Only the account's short window passes: the owner's address has made no attempt of its own.
    await direct.database.db.execute(
      sql`update ${signInFailures} set window_started_at = now() - interval '1 hour' where key = ${accountKey('rosa@example.com')}`,
    );
    expect((await signIn(direct, 'rosa@example.com', password, owner)).status).toBe(200);
  });

  it("does not count the owner's own sign-ins toward the account's slowdown", async () => {
    await signUp(direct, { name: 'Sara', email: 'sara@example.com', password });
    for (let i = 0; i <= ACCOUNT_MAX_ATTEMPTS; i++) {
      expect((await signIn(direct, 'sara@example.com', password, '10.22.2.1')).status).toBe(200);
    }
  });
});

describe('very long e-mails', () => {
  // A 3,000-character e-mail once named its counters as it was: a key past PostgreSQL's index row limit
  // (about 2,700 bytes) and a 500, on both engines (ADR 0026).
  const long = `${'a'.repeat(3000)}@example.com`;

  it('are refused at the edge with 400, on every way in', async () => {
    const from = '10.23.0.1';
    const refused = await signIn(direct, long, password, from);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
    expect((await token(direct, long, password, from)).status).toBe(400);
    const reset = await direct.request(
      '/api/auth/request-password-reset',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: long, redirectTo: '/reset-password' }),
      },
      from,
    );
    expect(reset.status).toBe(400);
  });

  it('name their counters by a short key', async () => {
    const lockout = createSignInLockout(direct.database.db);
    expect(await lockout.begin('10.23.0.2', long)).toBe(true);
    await lockout.succeeded('10.23.0.2', long);
    for (const key of [pairKey('10.23.0.2', long), accountKey(long)]) expect(key.length).toBeLessThan(100);
  });
});

describe('behind a load balancer (TRUSTED_PROXIES)', () => {
  it("keys the lockout on the client's address: an attacker does not lock out the owner", async () => {
    await signUp(proxied, { name: 'Olga', email: 'olga@example.com', password });
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      expect((await signIn(proxied, 'olga@example.com', 'mal-mal-mal', BALANCER, '203.0.113.5')).status).toBe(
        401,
      );
    }
    expect((await signIn(proxied, 'olga@example.com', password, BALANCER, '203.0.113.5')).status).toBe(429);
    expect((await signIn(proxied, 'olga@example.com', password, BALANCER, '198.51.100.7')).status).toBe(200);
    expect((await token(proxied, 'olga@example.com', password, BALANCER, '198.51.100.7')).status).toBe(200);
  });

  it('believes X-Forwarded-For only as far as the hops are trusted', async () => {
    await signUp(proxied, { name: 'Pablo', email: 'pablo@example.com', password });
    // A client behind the balancer that writes its own X-Forwarded-For: only the balancer's entry counts.
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      const forged = `192.0.2.${i + 1}, 203.0.113.9`;
      expect((await signIn(proxied, 'pablo@example.com', 'mal-mal-mal', BALANCER, forged)).status).toBe(401);
    }
    expect(
      (await signIn(proxied, 'pablo@example.com', password, BALANCER, '192.0.2.99, 203.0.113.9')).status,
    ).toBe(429);
    // A client reaching the app directly (not through a trusted hop) is its socket's address.
    const outsider = '198.51.100.20';
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      const forged = `192.0.2.${i + 1}`;
      expect((await signIn(proxied, 'pablo@example.com', 'mal-mal-mal', outsider, forged)).status).toBe(401);
    }
    expect((await signIn(proxied, 'pablo@example.com', password, outsider, '192.0.2.50')).status).toBe(429);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    await signUp(direct, { name: 'Quique', email: 'quique@example.com', password });
    const from = '10.20.0.5';
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) {
      const forged = `192.0.2.${i + 1}`;
      expect((await signIn(direct, 'quique@example.com', 'mal-mal-mal', from, forged)).status).toBe(401);
    }
    expect((await signIn(direct, 'quique@example.com', password, from, '192.0.2.77')).status).toBe(429);
  });
});

describe('expired counters', () => {
  it('are deleted, and counters of a window still open are kept', async () => {
    const db = direct.database.db;
    await db.insert(signInFailures).values([
      {
        key: pairKey('192.0.2.1', 'vieja@example.com'),
        count: 3,
        windowStartedAt: new Date(Date.now() - 20 * 60_000),
      },
      { key: pairKey('192.0.2.1', 'reciente@example.com'), count: 2, windowStartedAt: new Date() },
    ]);
    await deleteExpiredSignInCounters(db);
    const keys = (await db.select().from(signInFailures)).map((row) => row.key);
    expect(keys).toContain(pairKey('192.0.2.1', 'reciente@example.com'));
    expect(keys).not.toContain(pairKey('192.0.2.1', 'vieja@example.com'));
  });
});

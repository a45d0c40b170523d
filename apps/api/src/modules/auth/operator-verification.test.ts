import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

// The console's door (ADR 0022): on a fresh install whose ADMIN_EMAILS lists an address, signing up with
// it (in any case) opens nothing until the account proves the address through the mailed link; a
// deleted operator's address signed up again starts from nothing.

const OPERATOR = 'kate@example.com';
const PASSWORD = 'contraseña-segura';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `otra@example.com, ${OPERATOR.toUpperCase()}` });
});
afterAll(async () => {
  await t.close();
});

const nextSecond = async () => {
  const now = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === now) await new Promise((resolve) => setTimeout(resolve, 50));
};

const jsonHeaders = (cookie: string) => ({ cookie, 'content-type': 'application/json' });

async function register(email: string) {
  const { cookie, res } = await signUp(t, { name: 'Kate', email, password: PASSWORD });
  expect(res.status).toBe(200);
  return cookie;
}

async function role(cookie: string) {
  return ((await (await t.request('/api/users/me', { headers: { cookie } })).json()) as { role: string })
    .role;
}

const console_ = (cookie: string) =>
  t.request('/api/admin/overview?from=2026-01-01&to=2026-01-31', { headers: { cookie } });

async function verificationRequired(cookie: string) {
  const res = await t.request('/api/operator/verification', { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { required: boolean }).required;
}

/** Asks for the link and returns the token of the mail that arrived. */
async function askForLink(cookie: string): Promise<string> {
  const before = t.mails.length;
  const res = await t.request('/api/operator/verification', { method: 'POST', headers: jsonHeaders(cookie) });
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ status: 'sent' });
  expect(t.mails).toHaveLength(before + 1);
  const mail = t.mails.at(-1);
  expect(mail?.to).toBe(OPERATOR);
  expect(mail?.subject).toBe('Verifica tu correo para la consola de Rumbo');
  const link = new URL(mail?.link ?? '');
  expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/admin');
  expect(mail?.text).toContain(mail?.link);
  return link.searchParams.get('verificacion') ?? '';
}

const confirm = (cookie: string, token: string) =>
  t.request('/api/operator/verification/confirm', {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify({ token }),
  });

async function deleteAccount(cookie: string) {
  const res = await t.request('/api/users/me', {
    method: 'DELETE',
    headers: jsonHeaders(cookie),
    body: JSON.stringify({ confirmation: 'ELIMINAR' }),
  });
  expect(res.status).toBe(204);
}

describe("an operator's address", () => {
  it('opens nothing on sign-up, in any case, until the mailed link verifies it for that account', async () => {
    const kate = await register('KATE@Example.com');
    const stranger = await register('extrana@example.com');

    // Listed, but only a name: no console, no admin role, and a code that says what is missing.
    expect(await role(kate)).toBe('user');
    const refused = await console_(kate);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringContaining('Confirma tu correo'),
    });
    expect(await verificationRequired(kate)).toBe(true);
    // Anyone else is not asked, cannot ask for a link, and gets the plain refusal.
    expect(await verificationRequired(stranger)).toBe(false);
    const notListed = await t.request('/api/operator/verification', {
      method: 'POST',
      headers: jsonHeaders(stranger),
    });
    expect(notListed.status).toBe(403);
    expect(await notListed.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await (await console_(stranger)).json()).toMatchObject({ code: 'FORBIDDEN' });

    // Only the newest link works, and only for the account it was sent to. (Better Auth's token is a JWT
    // signed to the second: two links asked within one second are the same link.)
    const older = await askForLink(kate);
    await nextSecond();
    const token = await askForLink(kate);
    expect(token).not.toBe(older);
    expect((await confirm(kate, older)).status).toBe(400);
    const notTheirs = await confirm(stranger, token);
    expect(notTheirs.status).toBe(400);
    expect(await notTheirs.json()).toMatchObject({ code: 'invalid-action-code' });
    expect(await role(kate)).toBe('user');
    // Better Auth's own verification endpoints, which would take the link for any account of the
    // address (or mail any unverified one), are closed.
    expect((await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(404);
    const betterAuthSend = await t.request('/api/auth/send-verification-email', {
      method: 'POST',
      headers: jsonHeaders(kate),
      body: JSON.stringify({ email: OPERATOR }),
    });
    expect(betterAuthSend.status).toBe(404);

    const verified = await confirm(kate, token);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ status: 'verified' });
    expect(await role(kate)).toBe('admin');
    expect((await console_(kate)).status).toBe(200);
    expect(await verificationRequired(kate)).toBe(false);
    // The link is spent, and a verified operator has nothing left to ask for.
    expect(await (await confirm(kate, token)).json()).toMatchObject({ code: 'invalid-action-code' });
    const again = await t.request('/api/operator/verification', {
      method: 'POST',
      headers: jsonHeaders(kate),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'verified' });
    await deleteAccount(kate);
  });

  it('says so in Spanish when the mail cannot be sent', async () => {
    const kate = await register(OPERATOR);
    const push = t.mails.push;
    t.mails.push = () => {
      throw new Error('the mail server is down');
    };
    try {
      const res = await t.request('/api/operator/verification', {
        method: 'POST',
        headers: jsonHeaders(kate),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'No se ha podido enviar el correo de verificación. Inténtalo de nuevo en unos minutos.',
      });
    } finally {
      t.mails.push = push;
    }
    await deleteAccount(kate);
  });

  it('says when a link has expired', async () => {
    const kate = await register(OPERATOR);
    const token = await askForLink(kate);
    await t.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier like 'operator-verification:%'`,
    );
    const expired = await confirm(kate, token);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({
      code: 'expired-action-code',
      message: expect.stringContaining('ha caducado'),
    });
    expect(await role(kate)).toBe('user');
    await deleteAccount(kate);
  });

  it("is not handed to the next sign-up when the operator's account is deleted", async () => {
    // The previous test deleted its account: the address is free again. An operator verifies it, then
    // deletes the account.
    const first = await register(OPERATOR);
    expect((await confirm(first, await askForLink(first))).status).toBe(200);
    expect(await role(first)).toBe('admin');
    await deleteAccount(first);

    const second = await register(OPERATOR.toUpperCase());
    expect(await role(second)).toBe('user');
    expect((await console_(second)).status).toBe(403);
    expect(await verificationRequired(second)).toBe(true);
    await deleteAccount(second);
  });

  it('does not take a link sent to a deleted account of the same address', async () => {
    const first = await register('Kate@example.com');
    const sentToFirst = await askForLink(first);
    await deleteAccount(first);

    const second = await register(OPERATOR);
    const refused = await confirm(second, sentToFirst);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'invalid-action-code' });
    expect(await role(second)).toBe('user');
    expect((await console_(second)).status).toBe(403);

    // The new account verifies with a link of its own.
    expect((await confirm(second, await askForLink(second))).status).toBe(200);
    expect(await role(second)).toBe('admin');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp, wrongCode } from '../../test/account-test-app.ts';
import { cookiesOf, createTestApp, signIn, signUp, TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import { type FakeOidc, startFakeOidc } from '../../test/fakes/oidc.ts';
import { googleSignIn } from '../../test/google-sign-in.ts';

// Two-factor sign-in on every way in (ADR 0023): POST /api/token and Google sign-in give no session for
// an account with two-factor sign-in until its second factor is given.

const PASSWORD = 'contraseña-segura';
const GOOGLE_OPERATOR = 'olga.google@example.com';

let oidc: FakeOidc;
let t: TestApp;
beforeAll(async () => {
  oidc = await startFakeOidc({ redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback/google` });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    ADMIN_EMAILS: GOOGLE_OPERATOR,
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

const post = (path: string, cookie: string, body: unknown) =>
  t.request(path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const me = (headers: Record<string, string>) => t.request('/api/users/me', { headers });

/** Turns two-factor sign-in on for the signed-in account, as the profile does. */
async function enableTwoFactor(cookie: string) {
  const enabled = await post('/api/auth/two-factor/enable', cookie, { password: PASSWORD });
  expect(enabled.status).toBe(200);
  const setup = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  expect((await post('/api/auth/two-factor/verify-totp', cookie, { code: totp(setup.totpURI) })).status).toBe(
    200,
  );
  return setup;
}

function token(fields: Record<string, string>) {
  return t.request('/api/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('POST /api/token', () => {
  it('gives no token for the password alone, and one with the code or a backup code', async () => {
    const email = 'api.dos.pasos@example.com';
    const { cookie } = await signUp(t, { name: 'Api', email, password: PASSWORD });
    const { totpURI, backupCodes } = await enableTwoFactor(cookie);

    const passwordOnly = await token({ username: email, password: PASSWORD });
    expect(passwordOnly.status).toBe(403);
    const refusal = (await passwordOnly.json()) as Record<string, unknown>;
    expect(refusal).toMatchObject({
      code: 'multi-factor-auth-required',
      message: expect.stringContaining('verificación en dos pasos'),
    });
    expect(refusal).not.toHaveProperty('access_token');
    // A wrong password is still just a wrong password.
    expect(await (await token({ username: email, password: 'no-es-la-mía' })).json()).toMatchObject({
      code: 'invalid-credential',
    });

    const wrong = await token({ username: email, password: PASSWORD, code: wrongCode(totpURI) });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'invalid-verification-code' });

    const withCode = await token({ username: email, password: PASSWORD, code: totp(totpURI) });
    expect(withCode.status).toBe(200);
    const { access_token } = (await withCode.json()) as { access_token: string };
    expect((await me({ authorization: `Bearer ${access_token}` })).status).toBe(200);

    const backup = backupCodes[0] as string;
    const withBackup = await token({ username: email, password: PASSWORD, code: backup });
    expect(withBackup.status).toBe(200);
    const reused = await token({ username: email, password: PASSWORD, code: backup });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: 'invalid-verification-code' });
  });

  it('still answers the token at once for an account without two-factor sign-in', async () => {
    const email = 'api.un.paso@example.com';
    await signUp(t, { name: 'Api', email, password: PASSWORD });
    const res = await token({ username: email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ access_token: expect.any(String), token_type: 'bearer' });
  });
});

describe('Google sign-in', () => {
  it('makes a listed address an operator at once (Google verified it), and asks a two-factor account for its code', async () => {
    const first = await googleSignIn(t, GOOGLE_OPERATOR);
    expect(first.callback.status).toBe(302);
    expect(first.callback.headers.get('location')).toMatch(/\/onboard$/);
    const googleSession = cookiesOf(first.callback);
    expect(((await (await me({ cookie: googleSession })).json()) as { role: string }).role).toBe('admin');

    // The account gets a password through 'forgot password', then turns two-factor sign-in on.
    const asked = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: GOOGLE_OPERATOR, redirectTo: '/reset-password' }),
    });
    expect(asked.status).toBe(200);
    const oobCode = new URL(t.mails.at(-1)?.link ?? '').searchParams.get('oobCode');
    const reset = await t.request('/api/password-reset/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode, password: PASSWORD }),
    });
    expect(reset.status).toBe(200);
    const signedIn = await signIn(t, { email: GOOGLE_OPERATOR, password: PASSWORD });
    const { totpURI } = await enableTwoFactor(cookiesOf(signedIn));

    // Google again: no session, only the challenge, and the browser goes to the login's code step.
    const again = await googleSignIn(t, GOOGLE_OPERATOR, first.provider);
    expect(again.callback.status).toBe(302);
    expect(again.callback.headers.get('location')).toBe('/?paso=segundo-factor');
    const challenge = cookiesOf(again.callback);
    expect(challenge).toContain('rumbo.two_factor=');
    expect((await me({ cookie: challenge })).status).toBe(401);

    const wrong = await post('/api/auth/two-factor/verify-totp', challenge, { code: wrongCode(totpURI) });
    expect(wrong.status).toBe(401);
    const right = await post('/api/auth/two-factor/verify-totp', challenge, { code: totp(totpURI) });
    expect(right.status).toBe(200);
    expect((await me({ cookie: cookiesOf(right) })).status).toBe(200);
  });
});

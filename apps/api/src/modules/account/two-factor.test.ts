import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountApp,
  closeAccountApp,
  newUser,
  nextIp,
  PASSWORD,
  post,
  profile,
  signIn,
  startAccountApp,
  totp,
  wrongCode,
} from '../../test/account-test-app.ts';
import { cookiesOf, type TestApp } from '../../test/app.ts';

// Two-factor sign-in with an authenticator app and backup codes.

let t: TestApp;
let app: AccountApp;
beforeAll(async () => {
  app = await startAccountApp();
  ({ t } = app);
});
afterAll(async () => {
  await closeAccountApp(app);
});

describe('two-factor sign-in', () => {
  it('enables with the password and a first code; then sign-in needs a code, and a backup code works once', async () => {
    const user = await newUser(t);
    const ip = nextIp();
    const refused = await post(t, '/two-factor/enable', user.cookie, { password: 'no-es-la-mía' }, ip);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_PASSWORD' });

    const enabled = await post(t, '/two-factor/enable', user.cookie, { password: PASSWORD }, ip);
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    // The key to type by hand has the standard form: 20 bytes, 32 base32 characters (ADR 0054).
    const key = new URL(totpURI).searchParams.get('secret');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    // The library's own reading of the stored secret gives the same key.
    const reread = await post(t, '/two-factor/get-totp-uri', user.cookie, { password: PASSWORD }, ip);
    expect(new URL(((await reread.json()) as { totpURI: string }).totpURI).searchParams.get('secret')).toBe(
      key,
    );
    expect(backupCodes).toHaveLength(10);
    // Not on until the first code from the app is accepted.
    expect((await profile(t, user.cookie)).body.two_factor_enabled).toBe(false);
    const confirmed = await post(t, '/two-factor/verify-totp', user.cookie, { code: totp(totpURI) }, ip);
    expect(confirmed.status).toBe(200);
    const cookie = cookiesOf(confirmed);
    expect((await profile(t, cookie)).body.two_factor_enabled).toBe(true);

    // The password alone gives no session, only the challenge.
    const first = await signIn(t, user.email, PASSWORD, ip);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const challenge = cookiesOf(first);
    expect((await t.request('/api/users/me', { headers: { cookie: challenge } })).status).toBe(401);

    const wrong = await post(t, '/two-factor/verify-totp', challenge, { code: wrongCode(totpURI) }, ip);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    const right = await post(t, '/two-factor/verify-totp', challenge, { code: totp(totpURI) }, ip);
    expect(right.status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie: cookiesOf(right) } })).status).toBe(200);
    // The challenge is spent: it cannot open a second session.
    const again = await post(t, '/two-factor/verify-totp', challenge, { code: totp(totpURI) }, ip);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_COOKIE' });

    const backup = backupCodes[0] as string;
    const withBackup = cookiesOf(await signIn(t, user.email, PASSWORD, ip));
    const used = await post(t, '/two-factor/verify-backup-code', withBackup, { code: backup }, ip);
    expect(used.status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie: cookiesOf(used) } })).status).toBe(200);
    const reuse = cookiesOf(await signIn(t, user.email, PASSWORD, nextIp()));
    const reused = await post(t, '/two-factor/verify-backup-code', reuse, { code: backup }, ip);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
    const another = await post(t, '/two-factor/verify-backup-code', reuse, { code: backupCodes[1] }, ip);
    expect(another.status).toBe(200);

    // Without the challenge cookie (expired, or never signed in) the code cannot be checked.
    const lost = await post(t, '/two-factor/verify-totp', '', { code: totp(totpURI) }, ip);
    expect(lost.status).toBe(401);
    expect(await lost.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_COOKIE' });

    // Off again with the password: the password alone signs in.
    const disabled = await post(t, '/two-factor/disable', cookie, { password: PASSWORD }, nextIp());
    expect(disabled.status).toBe(200);
    const plain = await signIn(t, user.email, PASSWORD, nextIp());
    expect(await plain.json()).toMatchObject({ user: { email: user.email } });
  });

  it('keeps "remember me" off through the second factor: the session cookie lasts the browser session', async () => {
    const user = await newUser(t);
    const ip = nextIp();
    const enabled = await post(t, '/two-factor/enable', user.cookie, { password: PASSWORD }, ip);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    await post(t, '/two-factor/verify-totp', user.cookie, { code: totp(totpURI) }, ip);

    for (const rememberMe of [false, true]) {
      const challenge = cookiesOf(await signIn(t, user.email, PASSWORD, nextIp(), rememberMe));
      const res = await post(t, '/two-factor/verify-totp', challenge, { code: totp(totpURI) }, ip);
      expect(res.status).toBe(200);
      const session = res.headers.getSetCookie().find((c) => c.startsWith('rumbo.session_token='));
      expect(session).toBeDefined();
      expect(/max-age|expires/i.test(session ?? '')).toBe(rememberMe);
    }
  });
});

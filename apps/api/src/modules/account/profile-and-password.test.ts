import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountApp,
  closeAccountApp,
  jsonHeaders,
  newUser,
  nextIp,
  PASSWORD,
  post,
  profile,
  signIn,
  startAccountApp,
} from '../../test/account-test-app.ts';
import { cookiesOf, type TestApp } from '../../test/app.ts';

// The account's own settings: the name (PATCH /api/users/me) and the password.

let t: TestApp;
let app: AccountApp;
beforeAll(async () => {
  app = await startAccountApp();
  ({ t } = app);
});
afterAll(async () => {
  await closeAccountApp(app);
});

describe('PATCH /api/users/me', () => {
  it('changes only the full name, trimmed, and refuses an empty or too long one in Spanish', async () => {
    const user = await newUser(t);
    const res = await t.request('/api/users/me', {
      method: 'PATCH',
      headers: jsonHeaders(user.cookie),
      body: JSON.stringify({ full_name: '  Ana María López  ', email: 'otro@example.com', plan_id: 12 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, full_name: 'Ana María López', plan_id: -1 });
    expect((await profile(t, user.cookie)).body).toMatchObject({
      email: user.email,
      full_name: 'Ana María López',
    });

    for (const [full_name, message] of [
      ['   ', 'Escribe tu nombre'],
      ['a'.repeat(101), 'El nombre no puede superar 100 caracteres'],
    ] as const) {
      const bad = await t.request('/api/users/me', {
        method: 'PATCH',
        headers: jsonHeaders(user.cookie),
        body: JSON.stringify({ full_name }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'full_name', message });
    }
    expect((await profile(t, user.cookie)).body.full_name).toBe('Ana María López');
    const anonymous = await t.request('/api/users/me', {
      method: 'PATCH',
      headers: jsonHeaders(),
      body: JSON.stringify({ full_name: 'Nadie' }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('change password', () => {
  it('needs the current password and signs out the other sessions', async () => {
    const user = await newUser(t);
    const other = cookiesOf(await signIn(t, user.email, PASSWORD, nextIp()));
    expect((await t.request('/api/users/me', { headers: { cookie: other } })).status).toBe(200);

    const wrong = await post(t, '/change-password', user.cookie, {
      currentPassword: 'no-es-la-mía',
      newPassword: 'nueva-contraseña',
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });

    const changed = await post(t, '/change-password', user.cookie, {
      currentPassword: PASSWORD,
      newPassword: 'nueva-contraseña',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const current = cookiesOf(changed);
    expect((await t.request('/api/users/me', { headers: { cookie: current } })).status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie: other } })).status).toBe(401);
    expect((await signIn(t, user.email, PASSWORD, nextIp())).status).toBe(401);
    expect((await signIn(t, user.email, 'nueva-contraseña', nextIp())).status).toBe(200);
  });
});

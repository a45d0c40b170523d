import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../db/schema/index.ts';
import { cookiesOf, createTestApp, signIn, signUp, type TestApp } from '../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const password = 'contraseña-segura';

async function token(email: string, pass = password): Promise<Response> {
  return t.request('/api/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ username: email, password: pass }).toString(),
  });
}

describe('sign-up', () => {
  it('creates the product user in the same step: username from the name, Spanish, no plan yet', async () => {
    const { res, cookie } = await signUp(t, { name: 'Ana Pérez', email: 'ana@example.com', password });
    expect(res.status).toBe(200);
    const me = await t.request('/api/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: expect.any(Number),
      username: 'ana_perez',
      full_name: 'Ana Pérez',
      is_active: true,
      role: 'user',
      plan_id: -1,
      available_credits: 0,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ana@example.com'));
    expect(row?.language).toBe('es');
  });

  it('appends two random letters when the username is taken', async () => {
    const { cookie } = await signUp(t, { name: 'Ana Pérez', email: 'ana.otra@example.com', password });
    const me = (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as {
      username: string;
    };
    expect(me.username).toMatch(/^ana_perez[a-z]{2}$/);
  });

  it('still finds a free username for a name many people share', async () => {
    // Every two-letter suffix of 'rosa_diaz' is taken: random two-letter tries alone would never end well.
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
    const taken = ['', ...letters.flatMap((a) => letters.map((b) => a + b))].map((suffix) => ({
      fullName: 'Rosa Díaz',
      email: `rosa.${suffix || 'base'}@example.com`,
      username: `rosa_diaz${suffix}`,
    }));
    await t.database.db.insert(users).values(taken);
    const { res, cookie } = await signUp(t, { name: 'Rosa Díaz', email: 'rosa.nueva@example.com', password });
    expect(res.status).toBe(200);
    const me = (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as {
      username: string;
    };
    expect(me.username).toMatch(/^rosa_diaz[a-z]{4}$/);
  });

  it('uses the e-mail local part when the name is blank', async () => {
    const { cookie } = await signUp(t, { name: ' ', email: 'lucia.g@example.com', password });
    const me = (await (await t.request('/api/users/me', { headers: { cookie } })).json()) as {
      username: string;
      full_name: string;
    };
    expect(me).toMatchObject({ username: 'lucia_g', full_name: 'lucia.g' });
  });

  it('refuses passwords under 8 characters and a second account for the same e-mail', async () => {
    const short = await signUp(t, { name: 'Corta', email: 'corta@example.com', password: '1234567' });
    expect(short.res.status).toBe(400);
    expect(((await short.res.json()) as { code: string }).code).toBe('PASSWORD_TOO_SHORT');
    const again = await signUp(t, { name: 'Ana', email: 'ana@example.com', password });
    expect(again.res.status).toBe(422);
  });

  it('POST /api/users/signup is idempotent and returns the existing user', async () => {
    const { cookie } = await signUp(t, { name: 'Idem Potente', email: 'idem@example.com', password });
    const body = JSON.stringify({
      username: 'x',
      email: 'idem@example.com',
      full_name: 'Idem',
      language: 'es',
    });
    const first = await t.request('/api/users/signup', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
    const second = await t.request('/api/users/signup', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
    expect(first.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect(await t.database.db.select().from(users).where(eq(users.email, 'idem@example.com'))).toHaveLength(
      1,
    );
  });
});

describe('sessions and API access', () => {
  it('answers 401 without a session and 200 with a bearer token from /api/token', async () => {
    await signUp(t, { name: 'Beatriz', email: 'bea@example.com', password });
    const anonymous = await t.request('/api/users/me');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const res = await token('bea@example.com');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('bearer');
    const me = await t.request('/api/users/me', {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ full_name: 'Beatriz' });

    const profile = await t.request('/api/auth/profile', {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await profile.json()).toEqual({
      email: 'bea@example.com',
      full_name: 'Beatriz',
      credits: 0,
      analytics_personal: true,
      two_factor_enabled: false,
      product_mail: true,
    });
  });

  it('answers /api/token with wrong credentials with 401 invalid-credential', async () => {
    const res = await token('bea@example.com', 'otra-contraseña');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'invalid-credential',
      message: 'Correo o contraseña incorrectos',
    });
  });

  it("gives a browser-session cookie without 'remember me' and a persistent one with it", async () => {
    await signUp(t, { name: 'Carla', email: 'carla@example.com', password });
    const session = (res: Response) =>
      res.headers.getSetCookie().find((c) => c.startsWith('rumbo.session_token='));
    const forgetful = session(await signIn(t, { email: 'carla@example.com', password, rememberMe: false }));
    const remembered = session(await signIn(t, { email: 'carla@example.com', password, rememberMe: true }));
    expect(forgetful).toBeDefined();
    expect(forgetful).not.toMatch(/Max-Age|Expires/i);
    expect(remembered).toMatch(/Max-Age=\d{6,}/i);
    expect(remembered).toMatch(/HttpOnly/i);
    expect(remembered).toMatch(/SameSite=Lax/i);
  });

  it('refuses a cross-origin state-changing request that carries the session cookie', async () => {
    const { cookie } = await signUp(t, { name: 'Diego', email: 'diego@example.com', password });
    const post = (origin: string) =>
      t.request('/api/users/signup', {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: '{}',
      });
    const evil = await post('https://evil.example');
    expect(evil.status).toBe(403);
    expect((await post('http://localhost:3000')).status).toBe(200);
    const signOut = await t.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(signOut.status).toBe(403);
  });

  it('signs out', async () => {
    const { cookie } = await signUp(t, { name: 'Elena', email: 'elena@example.com', password });
    // The session is in this process's session cache now: signing out must end it at once (ADR 0011).
    expect((await t.request('/api/users/me', { headers: { cookie } })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie } })).status).toBe(401);
  });
});

describe('failed sign-ins', () => {
  it('refuses the fourth attempt after three failures, even with the right password', async () => {
    await signUp(t, { name: 'Fernando', email: 'fer@example.com', password });
    for (let i = 0; i < 3; i++) {
      const res = await signIn(t, { email: 'fer@example.com', password: 'mal-mal-mal' });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_EMAIL_OR_PASSWORD');
    }
    const fourth = await signIn(t, { email: 'fer@example.com', password });
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({ message: 'Demasiados intentos fallidos, intenta más tarde' });
  });

  it('counts per address and e-mail: another account is not locked', async () => {
    await signUp(t, { name: 'Gema', email: 'gema@example.com', password });
    expect((await signIn(t, { email: 'gema@example.com', password })).status).toBe(200);
  });
});

describe('password reset', () => {
  async function requestReset(email: string, clientIp?: string): Promise<Response> {
    return t.request(
      '/api/auth/request-password-reset',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, redirectTo: '/reset-password' }),
      },
      clientIp,
    );
  }
  /** Requests `count` links for `email` one after the other and returns their codes, oldest first. */
  async function resetCodes(email: string, count: number): Promise<string[]> {
    t.mails.length = 0;
    for (let i = 0; i < count; i++) {
      // From an address of its own: the reset requests of the other tests count per address.
      expect((await requestReset(email, '10.13.7.1')).status).toBe(200);
      await expect.poll(() => t.mails.length).toBe(i + 1);
    }
    return t.mails.map((mail) => codeFrom(mail.link ?? ''));
  }
  const codeFrom = (link: string) => new URL(link).searchParams.get('oobCode') ?? '';
  async function linkState(oobCode: string): Promise<string> {
    const res = await t.request('/api/password-reset/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { state: string }).state;
  }
  async function confirm(oobCode: string, newPassword: string): Promise<Response> {
    return t.request('/api/password-reset/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode, password: newPassword }),
    });
  }

  it('mails a Spanish link that works once, revokes sessions and replaces the password', async () => {
    const { cookie } = await signUp(t, { name: 'Hugo', email: 'hugo@example.com', password });
    expect((await t.request('/api/users/me', { headers: { cookie } })).status).toBe(200);
    t.mails.length = 0;
    expect((await requestReset('hugo@example.com')).status).toBe(200);
    await expect.poll(() => t.mails.length).toBe(1);
    const mail = t.mails[0];
    expect(mail?.to).toBe('hugo@example.com');
    expect(mail?.subject).toBe('Restablece tu contraseña de Rumbo');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?mode=resetPassword&oobCode=[^&]+$/);
    expect(mail?.text).toContain(mail?.link);
    expect(mail?.html).toContain('Rumbo');

    const code = codeFrom(mail?.link ?? '');
    // The screen asks first what the link is worth; asking spends nothing.
    expect(await linkState(code)).toBe('valid');
    expect(await linkState(code)).toBe('valid');
    const done = await confirm(code, 'nueva-contraseña-1');
    expect(done.status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie } })).status).toBe(401);
    expect((await signIn(t, { email: 'hugo@example.com', password: 'nueva-contraseña-1' })).status).toBe(200);
    expect((await signIn(t, { email: 'hugo@example.com', password })).status).toBe(401);

    // A used link says so before its form is shown.
    expect(await linkState(code)).toBe('invalid');
    expect(await linkState('codigo-inventado')).toBe('invalid');
    const reused = await confirm(code, 'otra-contraseña-2');
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      code: 'invalid-action-code',
      message: 'El enlace no es válido o ya ha sido usado',
    });
  });

  it('tells an expired link apart', async () => {
    await signUp(t, { name: 'Irene', email: 'irene@example.com', password });
    t.mails.length = 0;
    await requestReset('irene@example.com');
    await expect.poll(() => t.mails.length).toBe(1);
    const code = codeFrom(t.mails[0]?.link ?? '');
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${code}`));
    expect(await linkState(code)).toBe('expired');
    const res = await confirm(code, 'nueva-contraseña-1');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'expired-action-code', message: 'El enlace ha expirado' });
  });

  it('ends every other link of the user once one is used', async () => {
    await signUp(t, { name: 'Julia', email: 'julia@example.com', password });
    const [used = ''] = await resetCodes('julia@example.com', 1);
    // A link sent after it by a request that raced it: sending did not end it, using the first must.
    const [julia] = await t.database.db.select().from(users).where(eq(users.email, 'julia@example.com'));
    await t.database.db.insert(verifications).values({
      identifier: 'reset-password:enlace-de-una-peticion-simultanea',
      value: String(julia?.id),
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    expect((await confirm(used, 'nueva-contraseña-1')).status).toBe(200);
    const res = await confirm('enlace-de-una-peticion-simultanea', 'otra-contraseña-2');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid-action-code' });
    expect((await signIn(t, { email: 'julia@example.com', password: 'nueva-contraseña-1' })).status).toBe(
      200,
    );
  });

  it('ends an older link as soon as a newer one is sent', async () => {
    await signUp(t, { name: 'Kevin', email: 'kevin@example.com', password });
    const [older = '', newer = ''] = await resetCodes('kevin@example.com', 2);
    const res = await confirm(older, 'otra-contraseña-2');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid-action-code' });
    expect((await confirm(newer, 'nueva-contraseña-1')).status).toBe(200);
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    t.mails.length = 0;
    const res = await requestReset('nadie@example.com');
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mails).toHaveLength(0);
  });

  it('limits reset requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await requestReset(`limite${i}@example.com`)).status);
    expect(statuses).toContain(429);
  });
});

describe('cookies', () => {
  it('are set for the whole site', async () => {
    const { res } = await signUp(t, { name: 'Jorge', email: 'jorge@example.com', password });
    expect(cookiesOf(res)).toContain('rumbo.session_token=');
  });
});

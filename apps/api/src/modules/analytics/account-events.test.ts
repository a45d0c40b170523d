import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../../test/account-test-app.ts';
import {
  eventsOfSession,
  eventsOfUser,
  IPHONE,
  newPerson,
  newSessionId,
  PASSWORD,
  visitCookie,
} from '../../test/analytics-test-kit.ts';
import { cookiesOf, createTestApp, type TestApp } from '../../test/app.ts';

// 'Sign Up' and 'Login' are recorded by the server, once, with the browser's visit (ADR 0030).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let address = 0;
const nextIp = () => {
  address += 1;
  return `10.99.${Math.floor(address / 250)}.${address % 250}`;
};

function authPost(path: string, body: unknown, cookie = '') {
  return t.request(
    `/api/auth${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': IPHONE, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    },
    nextIp(),
  );
}

const namesOf = async (userId: number) => (await eventsOfUser(t, userId)).map((row) => row.name);

describe("'Sign Up'", () => {
  it("is recorded once when an account is created by e-mail, with the browser's visit, and no 'Login' follows", async () => {
    const session = newSessionId();
    const visit = visitCookie({
      s: session,
      ref: 'https://www.instagram.com/',
      utm_source: 'instagram',
      utm_campaign: 'lanzamiento & más',
    });
    const email = 'alta.servidor@example.com';
    const res = await authPost('/sign-up/email', { name: 'Alta Servidor', email, password: PASSWORD }, visit);
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    const userId = Number(user.id);

    const [signUp, ...others] = await eventsOfSession(t, session);
    expect(others).toEqual([]);
    expect(signUp).toMatchObject({
      name: 'Sign Up',
      userId,
      properties: { $email: email, $name: 'Alta Servidor', id: userId },
      utmSource: 'instagram',
      utmMedium: null,
      utmCampaign: 'lanzamiento & más',
      referrerDomain: 'www.instagram.com',
      device: 'mobile',
    });

    // The new user opens another address at once: the page asks for its session and profile, and
    // nothing reports a sign-in.
    const cookie = `${cookiesOf(res)}; ${visit}`;
    expect((await t.request('/api/auth/get-session', { headers: { cookie } })).status).toBe(200);
    expect((await t.request('/api/users/me', { headers: { cookie } })).status).toBe(200);
    expect(await namesOf(userId)).toEqual(['Sign Up']);
  });

  it('is recorded without a visit when the cookie is missing or malformed, and the sign-up works', async () => {
    const res = await authPost(
      '/sign-up/email',
      { name: 'Sin Visita', email: 'sin.visita@example.com', password: PASSWORD },
      visitCookie({ s: 'no válida;', utm_source: 'x'.repeat(500) }),
    );
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { id: string } };
    const rows = await eventsOfUser(t, Number(user.id));
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Sign Up', sessionId: null, utmSource: null, referrerDomain: null }),
    ]);
  });
});

describe("'Login'", () => {
  it('is recorded once per completed sign-in, with the visit it came from; a wrong password records none', async () => {
    const person = await newPerson(t, 'entrada');
    const wrong = await authPost('/sign-in/email', { email: person.email, password: 'no-es-la-mía' });
    expect(wrong.status).toBe(401);
    expect(await namesOf(person.id)).toEqual(['Sign Up']);

    const session = newSessionId();
    const right = await authPost(
      '/sign-in/email',
      { email: person.email, password: PASSWORD },
      visitCookie({ s: session, utm_source: 'boletin' }),
    );
    expect(right.status).toBe(200);
    expect(await eventsOfSession(t, session)).toEqual([
      expect.objectContaining({
        name: 'Login',
        userId: person.id,
        properties: { $email: person.email, $name: person.name, id: person.id },
        utmSource: 'boletin',
      }),
    ]);
    expect(await namesOf(person.id)).toEqual(['Sign Up', 'Login']);
  });

  it('with two-factor on, is recorded when the code is accepted: not for the password alone, nor for turning it on', async () => {
    const person = await newPerson(t, 'dosfactores');
    const enabled = await authPost('/two-factor/enable', { password: PASSWORD }, person.cookie);
    expect(enabled.status).toBe(200);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    // Confirming the first code gives the signed-in user a fresh session: not a sign-in.
    const confirmed = await authPost('/two-factor/verify-totp', { code: totp(totpURI) }, person.cookie);
    expect(confirmed.status).toBe(200);
    expect(await namesOf(person.id)).toEqual(['Sign Up']);

    const challenge = await authPost('/sign-in/email', { email: person.email, password: PASSWORD });
    expect(await challenge.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await namesOf(person.id)).toEqual(['Sign Up']);

    const session = newSessionId();
    const code = await authPost(
      '/two-factor/verify-totp',
      { code: totp(totpURI) },
      `${cookiesOf(challenge)}; ${visitCookie({ s: session })}`,
    );
    expect(code.status).toBe(200);
    expect(await namesOf(person.id)).toEqual(['Sign Up', 'Login']);
    expect((await eventsOfSession(t, session)).map((row) => row.name)).toEqual(['Login']);
  });
});

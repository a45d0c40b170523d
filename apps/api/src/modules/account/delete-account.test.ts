import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  type AccountApp,
  closeAccountApp,
  jsonHeaders,
  newUser,
  nextIp,
  PASSWORD,
  post,
  signIn,
  startAccountApp,
  totp,
} from '../../test/account-test-app.ts';
import { filesUnder, fillAccount, rowsLeft, subscribe } from '../../test/account-test-data.ts';
import { cookiesOf, type TestApp } from '../../test/app.ts';
import type { FakeStripe } from '../../test/fakes/stripe.ts';

// The deletion of a user's whole account (DELETE /api/users/me), Stripe subscription included.

let t: TestApp;
let fake: FakeStripe;
let dataDir: string;
let app: AccountApp;
beforeAll(async () => {
  app = await startAccountApp();
  ({ t, fake, dataDir } = app);
});
afterAll(async () => {
  await closeAccountApp(app);
});

describe('DELETE /api/users/me', () => {
  it('cancels the subscription at Stripe, then removes every row and file of the user and signs out everywhere', async () => {
    const user = await newUser(t, 'Se va');
    const stranger = await newUser(t, 'Se queda');
    const subscriptionId = await subscribe(t, fake, user.cookie);
    const ip = nextIp();
    const enabled = await post(t, '/two-factor/enable', user.cookie, { password: PASSWORD }, ip);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const confirmed = await post(t, '/two-factor/verify-totp', user.cookie, { code: totp(totpURI) }, ip);
    const cookie = cookiesOf(confirmed);
    // A pending sign-in challenge and a failed attempt: rows that name the user without a foreign key.
    await signIn(t, user.email, PASSWORD, nextIp());
    await signIn(t, user.email, 'no-es-la-mía', nextIp());
    const { business } = await fillAccount(t, dataDir, user.id, 'borrar');
    const kept = await fillAccount(t, dataDir, stranger.id, 'conservar');
    const userFolder = path.join(dataDir, 'files', 'logos', 'borrar');
    expect(filesUnder(userFolder)).toHaveLength(1);

    const mismatch = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ confirmation: 'borrar' }),
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ code: 'CONFIRMATION_MISMATCH', field: 'confirmation' });

    const res = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ confirmation: 'ELIMINAR' }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => /^rumbo\.session_token=;/.test(c))).toBe(true);
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`),
    ).toBe(true);

    expect(await rowsLeft(t, user.id, user.email, [business.id])).toEqual([]);
    expect(filesUnder(userFolder)).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'files', 'attachments', String(business.id)))).toEqual([]);
    for (const session of [cookie, user.cookie])
      expect((await t.request('/api/users/me', { headers: { cookie: session } })).status).toBe(401);
    expect((await signIn(t, user.email, PASSWORD, nextIp())).status).toBe(401);

    // The other user keeps everything.
    expect((await t.request('/api/users/me', { headers: { cookie: stranger.cookie } })).status).toBe(200);
    expect(filesUnder(path.join(dataDir, 'files', 'logos', 'conservar'))).toHaveLength(1);
    const [still] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chats where business_id = ${kept.business.id}`,
    );
    expect(still?.n).toBe(1);
  });

  it('deletes nothing when Stripe refuses to cancel, and says so in Spanish', async () => {
    const user = await newUser(t, 'Con suscripción');
    const subscriptionId = await subscribe(t, fake, user.cookie);
    const { business } = await fillAccount(t, dataDir, user.id, 'rechazo');
    fake.failNext(1);
    const res = await t.request('/api/users/me', {
      method: 'DELETE',
      headers: jsonHeaders(user.cookie),
      body: JSON.stringify({ confirmation: user.email.toUpperCase() }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      code: 'SUBSCRIPTION_CANCEL_FAILED',
      message: expect.stringContaining('no se ha borrado nada'),
    });
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'active' });
    expect((await t.request('/api/users/me', { headers: { cookie: user.cookie } })).status).toBe(200);
    expect(await rowsLeft(t, user.id, user.email, [business.id])).not.toEqual([]);
    expect(filesUnder(path.join(dataDir, 'files', 'logos', 'rechazo'))).toHaveLength(1);
  });
});

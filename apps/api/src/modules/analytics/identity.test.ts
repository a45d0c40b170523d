import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import {
  eventsOfSession,
  newPerson,
  newSessionId,
  pageView,
  postBatch,
} from '../../test/analytics-test-kit.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type FakeMixpanel, startFakeMixpanel } from '../../test/fakes/mixpanel.ts';

// ADR 0030: who an event belongs to, and how Mixpanel files it, is the server's to say.

const APP_TOKEN = 'token-de-la-app';

let mixpanel: FakeMixpanel;
let t: TestApp;
beforeAll(async () => {
  mixpanel = await startFakeMixpanel();
  t = await createTestApp({ MIXPANEL_TOKEN: APP_TOKEN, MIXPANEL_API_URL: mixpanel.url });
});
afterAll(async () => {
  await t.close();
  await mixpanel.close();
});

/** Every identity and control property a browser might forge, each naming `victim`. */
function forgedFor(victim: { id: number; email: string }) {
  return {
    $user_id: String(victim.id),
    $device_id: 'dispositivo-ajeno',
    $insert_id: 'fijo',
    distinct_id: String(victim.id),
    token: 'token-del-navegador',
    user_id: victim.id,
    id: victim.id,
    $groups: ['grupo-ajeno'],
    membership: 'CEO',
    time: 1,
    $identified_id: String(victim.id),
    $anon_id: 'anonimo-ajeno',
    mp_lib: 'navegador-ajeno',
    $email: victim.email,
    $name: 'Nombre ajeno',
  };
}
const FORGED_VALUES = ['dispositivo-ajeno', 'fijo', 'token-del-navegador', 'grupo-ajeno', 'anonimo-ajeno'];

/** What reached Mixpanel for one browser session: its events, and the profile updates of `userId`. */
async function forwarded(session: string, userId?: number) {
  await t.app.analytics.flush();
  const events = mixpanel.events().filter((event) => event.properties.$device_id === `anon:${session}`);
  const profiles = mixpanel.requests
    .filter((request) => request.endpoint === '/engage')
    .flatMap((request) => request.data)
    .filter((update) => userId !== undefined && update.$distinct_id === String(userId));
  return { events, profiles };
}

describe('a batch forged to name another user', () => {
  it("is stored and forwarded with the sender's identity and the app's token only", async () => {
    const victim = await newPerson(t, 'victima');
    const sender = await newPerson(t, 'remitente');
    await t.database.db.update(users).set({ planId: 9 }).where(eq(users.id, sender.id));
    const forged = forgedFor(victim);
    const session = newSessionId();
    const res = await postBatch(
      t,
      {
        session_id: session,
        events: [
          { ...pageView('/chats', 'Panel de negocios'), properties: { route: '/chats', ...forged } },
          { name: 'Mensaje enviado a Rumbo', properties: { business_id: 4, ...forged } },
          {
            name: '$profile',
            properties: {
              plan: 'CEOMax',
              utm_source: 'instagram',
              role: 'admin',
              credits: 100_000,
              ...forged,
            },
          },
          { name: '$group', properties: forged },
          { name: 'Sign Up', properties: forged },
          { name: 'Login', properties: forged },
        ],
      },
      { cookie: sender.cookie },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 4 });

    // Stored: the sender's events, none of the forged properties, the profile and group from our tables;
    // the browser's 'Sign Up' and 'Login' are not stored (the server records those itself).
    const stored = await eventsOfSession(t, session);
    expect(stored.map((row) => [row.name, row.userId, row.properties])).toEqual([
      ['Página vista', sender.id, { route: '/chats' }],
      ['Mensaje enviado a Rumbo', sender.id, { business_id: 4 }],
      [
        '$profile',
        sender.id,
        { plan: 'Starter', utm_source: 'instagram', $email: sender.email, $name: sender.name },
      ],
      ['$group', sender.id, { membership: 'STARTER' }],
    ]);

    // Forwarded: the sender, the app's token, one insert id per stored event, the server's time.
    const { events, profiles } = await forwarded(session, sender.id);
    expect(events.map((event) => event.event)).toEqual(['Página vista', 'Mensaje enviado a Rumbo']);
    events.forEach((event, i) => {
      const row = stored[i];
      expect(event.properties).toMatchObject({
        token: APP_TOKEN,
        distinct_id: String(sender.id),
        $user_id: String(sender.id),
        $device_id: `anon:${session}`,
        $insert_id: `rumbo-${row?.id}`,
        time: row?.createdAt.getTime(),
      });
      for (const key of [
        '$identified_id',
        '$anon_id',
        '$groups',
        'mp_lib',
        'user_id',
        'id',
        'membership',
        '$email',
      ])
        expect(event.properties, key).not.toHaveProperty(key);
    });
    expect(profiles).toEqual([
      expect.objectContaining({
        $token: APP_TOKEN,
        $set: { plan: 'Starter', utm_source: 'instagram', $email: sender.email, $name: sender.name },
      }),
      expect.objectContaining({ $token: APP_TOKEN, $set: { membership: 'STARTER' } }),
    ]);
    const sent = JSON.stringify([events, profiles]);
    for (const value of [...FORGED_VALUES, victim.email]) expect(sent).not.toContain(value);
    // The victim's only mention is their own sign-up: no profile update names them.
    expect(
      mixpanel.requests
        .flatMap((request) => request.data)
        .filter((update) => update.$distinct_id === String(victim.id)),
    ).toEqual([]);
  });

  it('sent anonymously, is stored and forwarded as anonymous, with no profile and no group', async () => {
    const victim = await newPerson(t, 'victima');
    const forged = forgedFor(victim);
    const session = newSessionId();
    const res = await postBatch(t, {
      session_id: session,
      events: [
        { ...pageView('/login', 'Login'), properties: { route: '/login', ...forged } },
        { name: '$profile', properties: { plan: 'CEOMax', ...forged } },
        { name: '$group', properties: forged },
      ],
    });
    expect(res.status).toBe(202);
    const stored = await eventsOfSession(t, session);
    expect(stored.map((row) => [row.name, row.userId, row.properties])).toEqual([
      ['Página vista', null, { route: '/login' }],
    ]);
    const { events } = await forwarded(session);
    expect(events).toHaveLength(1);
    expect(events[0]?.properties).toMatchObject({
      token: APP_TOKEN,
      distinct_id: `anon:${session}`,
      $insert_id: `rumbo-${stored[0]?.id}`,
    });
    expect(events[0]?.properties).not.toHaveProperty('$user_id');
    const sent = JSON.stringify(events);
    for (const value of [...FORGED_VALUES, victim.email]) expect(sent).not.toContain(value);
  });
});

describe('the server’s own sign-up, forwarded', () => {
  it('carries the person’s e-mail, name and id, the app’s token and an insert id of its own', async () => {
    const person = await newPerson(t, 'alta');
    await t.app.analytics.flush();
    const signUps = mixpanel
      .events()
      .filter((event) => event.event === 'Sign Up' && event.properties.distinct_id === String(person.id));
    expect(signUps).toEqual([
      {
        event: 'Sign Up',
        properties: expect.objectContaining({
          token: APP_TOKEN,
          $user_id: String(person.id),
          $email: person.email,
          $name: person.name,
          id: person.id,
          $insert_id: expect.stringMatching(/^rumbo-\d+$/),
        }),
      },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { type Person, person, plainIdea, pngLogo, startGateApp } from './world.ts';

// The delete race (README, Security): a business deleted while its owner changes it, opens a chat in it,
// sends a message to one of its chats or uploads its logo. Whichever comes first, the other answers as
// if the business did not exist (404) or had not been deleted yet (2xx), never 500 (ADR 0026). Each kind
// is raced ROUNDS times, one of the two sent 0 to 5 turns of the event loop after the other, on both engines.

const ROUNDS = 12;

let t: TestApp;
let owner: Person;
beforeAll(async () => {
  t = await startGateApp({ WRITE_LIMIT_MULTIPLIER: '1000' });
  owner = await person(t, 'Dora Carrera', 'dora.carrera@example.com', { planId: 11, credits: 500 });
});
afterAll(async () => {
  await t?.close();
});

const asOwner = (path: string, init: RequestInit = {}) =>
  t.request(path, { ...init, headers: { ...init.headers, cookie: owner.cookie } });
const jsonBody = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function created(res: Response): Promise<number> {
  if (res.status !== 201) throw new Error(`set-up answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** What races the delete: a request on business `id` (and its chat `chatId`). */
interface Kind {
  name: string;
  needsChat?: boolean;
  send: (id: number, chatId: number, round: number) => Promise<Response>;
}

const KINDS: Kind[] = [
  {
    name: 'update',
    send: (id) => asOwner(`/api/businesses/ideas/${id}`, jsonBody('PATCH', { goal: 'Crecer rápido' })),
  },
  { name: 'open a chat', send: (id) => asOwner(`/api/businesses/${id}/chats`, { method: 'POST' }) },
  {
    name: 'send a message',
    needsChat: true,
    send: (id, chatId, round) => {
      const chat = `/api/businesses/${id}/chats/${chatId}`;
      if (round % 2 === 0) {
        return asOwner(`${chat}/messages/stream`, jsonBody('POST', { content: '¿Cómo fijo el precio?' }));
      }
      const form = new FormData();
      form.append('content', '¿Cómo fijo el precio?');
      form.append('client_message_id', `carrera-${round}-${chatId}`);
      form.append('files', new Blob(['Ventas previstas: 1.000 €'], { type: 'text/plain' }), 'ventas.txt');
      return asOwner(`${chat}/messages`, { method: 'POST', body: form });
    },
  },
  {
    name: 'upload a logo',
    send: async (id) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await pngLogo())], { type: 'image/png' }), 'logo.png');
      return asOwner(`/api/businesses/ideas/${id}/logo`, { method: 'PUT', body: form });
    },
  },
];

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('a business deleted while its owner uses it (security gate)', () => {
  it('answers 404 or as before the delete, never 500', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    for (const kind of KINDS) {
      for (let round = 0; round < ROUNDS; round++) {
        const id = await created(await asOwner('/api/businesses/ideas', jsonBody('POST', plainIdea)));
        const chatId = kind.needsChat
          ? await created(await asOwner(`/api/businesses/${id}/chats`, { method: 'POST' }))
          : 0;
        // The first half of the rounds sends the delete 0 to 5 turns later, the second half the request.
        const half = Math.floor(ROUNDS / 2);
        const [raced, deleted] = await Promise.all([
          turns(round < half ? 0 : round - half).then(() => kind.send(id, chatId, round)),
          turns(round < half ? round : 0).then(() =>
            asOwner(`/api/businesses/ideas/${id}`, { method: 'DELETE' }),
          ),
        ]);
        // A streamed answer is read to its end: a failure after the headers shows in its text.
        const body = await raced.text();
        for (const [what, res, text] of [
          [kind.name, raced, body],
          ['delete', deleted, await deleted.text()],
        ] as const) {
          const key = `${what} ${res.status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (res.status >= 500)
            failures.push(`${what} (round ${round}): ${res.status} ${text.slice(0, 300)}`);
        }
      }
    }
    console.log(
      `delete race: ${KINDS.length} kinds × ${ROUNDS} rounds; answers ${[...statuses]
        .sort()
        .map(([k, n]) => `${k}×${n}`)
        .join(', ')}`,
    );
    expect(failures).toEqual([]);
    expect((await t.request('/api/health')).status).toBe(200);
  });
});

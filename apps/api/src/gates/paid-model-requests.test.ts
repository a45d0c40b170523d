import crypto from 'node:crypto';
import { ANSWER_COST, CHAT_STREAM_HEADERS } from '@rumbo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, ledgerSum } from '../modules/credits/credits.ts';
import { chatOwner, newChat } from '../test/chat-owner.ts';
import { answerScript } from '../test/chats-test-kit.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../test/http-server.ts';

// Gate: the model is asked once per answer that can be paid (docs/decisions/0028). A burst of sends
// from a user with one credit reaches the model exactly once, however the sends interleave.

const BURST = 100;
const CHATS = 5;

let fake: FakeOpenAI;
let t: TestHttpServer;

beforeAll(async () => {
  fake = await startFakeOpenAI({ script: (body) => (body.stream ? answerScript() : { tokens: ['Título'] }) });
  // The burst is the user's own: the per-user send limit (30 a minute) is raised so that every send
  // reaches the credit check instead of stopping at 429.
  t = await startTestHttpServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-mentor',
    WRITE_LIMIT_MULTIPLIER: '10',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('a burst of sends with one credit', () => {
  it(`reaches the model once in ${BURST} concurrent sends`, async () => {
    const who = await chatOwner(t, { planId: 7, credits: ANSWER_COST });
    const chats = await Promise.all(Array.from({ length: CHATS }, () => newChat(t, who)));
    const streamed = () => fake.requests.filter((r) => r.body.stream).length;
    const before = streamed();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.fetch(`/api/businesses/${who.businessId}/chats/${chats[i % CHATS]}/messages/stream`, {
          method: 'POST',
          headers: { cookie: who.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ content: `Pregunta ${i}`, client_message_id: crypto.randomUUID() }),
        }),
      ),
    );
    const kinds = await Promise.all(
      responses.map(async (res) => {
        await res.text();
        return `${res.status} ${res.headers.get(CHAT_STREAM_HEADERS.answerKind)}`;
      }),
    );
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    console.info(`paid-model gate: ${BURST} sends, ${streamed() - before} model request(s)`);
    expect(count('200 model')).toBe(1);
    expect(count('200 credits_exhausted')).toBe(BURST - 1);
    expect(streamed() - before).toBe(1);
    expect(await balance(t.database.db, who.id)).toBe(0);
    expect(await ledgerSum(t.database.db, who.id)).toBe(-ANSWER_COST);
  });
});

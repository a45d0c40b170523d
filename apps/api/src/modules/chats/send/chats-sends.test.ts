import crypto from 'node:crypto';
import { ANSWER_COST, CHAT_STREAM_HEADERS, creditsExhaustedMessage } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { creditBalances, messages } from '../../../db/schema/index.ts';
import { storedAnswer } from '../../../test/chat-owner.ts';
import { ANSWER, chatRequests, chatServerForFile, eventually } from '../../../test/chats-test-kit.ts';
import { tokenize } from '../../../test/fakes/openai.ts';
import { balance, ledgerSum } from '../../credits/credits.ts';

// The chat list, a send answered whole, idempotent sends and sends out of credits.

const server = chatServerForFile();

const { owner, newChat, send, readChat, streamRequests } = chatRequests(() => server);

describe('the rest of the chat API', () => {
  it('pages the chat list, newest first', async () => {
    const who = await owner();
    const ids: number[] = [];
    for (let n = 0; n < 5; n++) ids.push(await newChat(who));
    const page = async (query: string) => {
      const res = await server.t.fetch(`/api/businesses/${who.businessId}/chats${query}`, {
        headers: { cookie: who.cookie },
      });
      return { status: res.status, body: (await res.json()) as Array<{ id: number }> };
    };
    const newest = ids.toReversed();
    const first = await page('?limit=2');
    expect(first.body.map((c) => c.id)).toEqual(newest.slice(0, 2));
    const second = await page(`?limit=2&before=${first.body.at(-1)?.id}`);
    expect(second.body.map((c) => c.id)).toEqual(newest.slice(2, 4));
    const last = await page(`?limit=2&before=${second.body.at(-1)?.id}`);
    expect(last.body.map((c) => c.id)).toEqual(newest.slice(4));
    expect((await page('?limit=101')).status).toBe(400);
    expect((await page('?limit=0')).status).toBe(400);
  });

  it('lists chats newest first and answers a send that waits for the whole answer', async () => {
    const who = await owner();
    const first = await newChat(who);
    const second = await newChat(who);
    const list = await server.t.fetch(`/api/businesses/${who.businessId}/chats`, {
      headers: { cookie: who.cookie },
    });
    const chats = (await list.json()) as Array<{
      id: number;
      business_id: number;
      title: string;
      start_time: string;
    }>;
    expect(chats.map((c) => c.id)).toEqual([second, first]);
    expect(chats[0]).toMatchObject({ business_id: who.businessId, title: '' });
    expect(chats[0]?.start_time).toMatch(/\.\d{6}Z$/);

    const body = { content: '¿Y el precio?', client_message_id: crypto.randomUUID() };
    const post = () =>
      server.t.fetch(`/api/businesses/${who.businessId}/chats/${first}/messages`, {
        method: 'POST',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await post();
    expect(created.status).toBe(201);
    const result = (await created.json()) as {
      message: { sender: string; content: string };
      answer: { sender: string; content: string; finished: boolean };
    };
    expect(result.message).toMatchObject({ sender: 'user', content: '¿Y el precio?' });
    expect(result.answer).toMatchObject({ sender: 'ai_model', content: ANSWER, finished: true });
    const again = await post();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { answer: { content: string } }).answer.content).toBe(ANSWER);
  });

  it('refuses a blank send without files', async () => {
    const who = await owner();
    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: '   ' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Escribe un mensaje o adjunta un archivo',
    );
  });
});

describe('idempotent sends', () => {
  it('stores one question, one answer and one charge for a send posted twice', async () => {
    const who = await owner(7, 100);
    const chatId = await newChat(who);
    const before = streamRequests().length;
    const body = { content: '¿Qué precio pongo?', client_message_id: crypto.randomUUID() };
    const first = await send(who, chatId, body);
    const again = await send(who, chatId, body);
    expect(await first.text()).toBe(ANSWER);
    // The retry re-attaches to the same answer and gets its whole text.
    expect(await again.text()).toBe(ANSWER);
    expect(again.headers.get(CHAT_STREAM_HEADERS.answerId)).toBe(
      first.headers.get(CHAT_STREAM_HEADERS.answerId),
    );
    // And concurrently, once more.
    const [third, fourth] = await Promise.all([send(who, chatId, body), send(who, chatId, body)]);
    expect(await third.text()).toBe(ANSWER);
    expect(await fourth.text()).toBe(ANSWER);

    const rows = await server.t.database.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows.map((m) => m.sender)).toEqual(['user', 'ai_model']);
    expect(streamRequests().length).toBe(before + 1);
    expect(await balance(server.t.database.db, who.id)).toBe(100 - ANSWER_COST);
    const [debits] = await queryRows<{ n: number }>(
      server.t.database.db,
      sql`select count(*)::int as n from credit_ledger where user_id = ${who.id} and kind = 'debit'`,
    );
    expect(Number(debits?.n)).toBe(1);
  });

  it('retries a failed answer as a new attempt: refunded, charged again, answered once', async () => {
    const who = await owner(7, 100);
    const chatId = await newChat(who);
    const body = { content: 'Hola otra vez', client_message_id: crypto.randomUUID() };
    server.script = { ...server.script, failAfterTokens: 2, tokenDelayMs: 5 };
    const failed = await send(who, chatId, body);
    await expect(failed.text()).rejects.toThrow();
    expect(await balance(server.t.database.db, who.id)).toBe(100);
    server.script = { tokens: tokenize(ANSWER) };
    const retried = await send(who, chatId, body);
    expect(await retried.text()).toBe(ANSWER);
    await storedAnswer(server.t, Number(retried.headers.get(CHAT_STREAM_HEADERS.answerId)));
    const rows = await server.t.database.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(rows.map((m) => [m.sender, m.content])).toEqual([
      ['user', 'Hola otra vez'],
      ['ai_model', ANSWER],
    ]);
    expect(await balance(server.t.database.db, who.id)).toBe(100 - ANSWER_COST);
  });
});

describe('out of credits', () => {
  it.each([
    [9, 'plan 9'],
    [5, 'another plan'],
  ])('answers the exact Spanish text without calling the model (%s, %s)', async (planId) => {
    const who = await owner(planId, 0);
    // Starter's monthly credits are applied on first read: spend them so that the balance is 0.
    await balance(server.t.database.db, who.id);
    await server.t.database.db
      .update(creditBalances)
      .set({ balance: 0 })
      .where(eq(creditBalances.userId, who.id));
    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: '¿Me ayudas?', client_message_id: crypto.randomUUID() });
    expect(res.status).toBe(200);
    expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('credits_exhausted');
    expect(await res.text()).toBe(creditsExhaustedMessage('Rumbo', planId));
    // No request of any kind (answer or title) carried this question to the model.
    expect(
      server.fake.requests.filter((r) => JSON.stringify(r.body.messages).includes('¿Me ayudas?')),
    ).toEqual([]);
    const read = await readChat(who, chatId);
    expect(read.messages.at(-1)).toMatchObject({
      content: creditsExhaustedMessage('Rumbo', planId),
      finished: true,
    });
    expect(await balance(server.t.database.db, who.id)).toBe(0);
  });

  it('charges only the credits there are when two sends race for the last one', async () => {
    const who = await owner(7, 1);
    const chatId = await newChat(who);
    const before = streamRequests().length;
    // On PostgreSQL the balance row is held locked from another connection until both sends wait on
    // it, so that both race for real (PGlite has one connection: no such hold).
    const holder = server.t.database.connectionString
      ? new pg.Client(server.t.database.connectionString)
      : undefined;
    await holder?.connect();
    await holder?.query('begin');
    await holder?.query('select balance from credit_balances where user_id = $1 for update', [who.id]);
    const sends = Promise.all([
      send(who, chatId, { content: 'Primera', client_message_id: crypto.randomUUID() }),
      send(who, chatId, { content: 'Segunda', client_message_id: crypto.randomUUID() }),
    ]);
    if (holder) {
      const waiting = async () => {
        const { rows } = await holder.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        return rows[0]?.n ?? 0;
      };
      await eventually(waiting, (n) => n >= 2);
      await holder.query('commit');
      await holder.end();
    }
    const [one, two] = await sends;
    const bodies = [await one.text(), await two.text()].sort();
    const kinds = [one, two].map((r) => r.headers.get(CHAT_STREAM_HEADERS.answerKind)).sort();
    expect(kinds).toEqual(['credits_exhausted', 'model']);
    expect(bodies).toEqual([ANSWER, creditsExhaustedMessage('Rumbo', 7)].sort());
    expect(await balance(server.t.database.db, who.id)).toBe(0);
    // One charge, for the answer given (the balance was set without a ledger entry).
    expect(await ledgerSum(server.t.database.db, who.id)).toBe(-ANSWER_COST);
    // The model is asked only for the send that was charged (docs/decisions/0028).
    expect(streamRequests().slice(before)).toHaveLength(1);
  });

  it('never charges plan 12', async () => {
    const who = await owner(12, 0);
    const chatId = await newChat(who);
    const res = await send(who, chatId, { content: 'Hola', client_message_id: crypto.randomUUID() });
    expect(await res.text()).toBe(ANSWER);
    expect(await ledgerSum(server.t.database.db, who.id)).toBe(0);
  });
});

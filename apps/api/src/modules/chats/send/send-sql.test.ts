import crypto from 'node:crypto';
import { ANSWER_COST, creditsExhaustedMessage, STARTER_PLAN, UNLIMITED_PLAN } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { attachments, creditLedger, generations, messages } from '../../../db/schema/index.ts';
import { WRITE_LIMITS } from '../../../lib/write-counters.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type ChatOwner, chatOwner, newChat } from '../../../test/chat-owner.ts';
import { testEngine } from '../../../test/database.ts';
import { balance, ensureMonthlyFreeCredits } from '../../credits/credits.ts';
import { prepareSend, runSend, type SendStatement, type StoredFile, sendValues } from './send-sql.ts';

// The send's statement on its own (the HTTP tests of the send go through it on every send).

let t: TestApp;
let prepared: SendStatement;
beforeAll(async () => {
  t = await createTestApp();
  prepared = prepareSend(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const aSend = (
  who: ChatOwner,
  chatId: number,
  options: { clientMessageId?: string; configured?: boolean; counted?: boolean } = {},
) =>
  sendValues({
    userId: who.id,
    businessId: who.businessId,
    chatId,
    clientMessageId: options.clientMessageId ?? crypto.randomUUID(),
    content: 'Hola',
    title: 'Hola',
    counted: options.counted ?? false,
    writeLimitMultiplier: 1,
    configured: options.configured ?? true,
    creditSource: `answer:${crypto.randomUUID()}`,
    productName: 'Rumbo',
    owner: 'this-process',
    model: 'fake',
  });

const aFile = (who: ChatOwner): StoredFile => ({
  id: crypto.randomUUID(),
  key: `attachments/${who.businessId}/${crypto.randomUUID()}`,
  name: 'plan.txt',
  mimeType: 'text/plain',
  type: 'document',
  data: new TextEncoder().encode('Ventas previstas'),
  text: 'Ventas previstas',
});

const send = (values: ReturnType<typeof aSend>, files: StoredFile[] = []) =>
  runSend(t.database.db, prepared, values, files);
const chatMessages = (chatId: number) =>
  t.database.db.select().from(messages).where(eq(messages.chatId, chatId));

describe('the send’s statement', () => {
  it('stores the question, charges it, stores its answer and claims its generation, once per client id', async () => {
    const db = t.database.db;
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const chatId = await newChat(t, who);
    const values = aSend(who, chatId);
    const row = await send(values);
    expect(row?.question).toMatchObject({
      sender: 'user',
      content: 'Hola',
      client_message_id: values.clientMessageId,
    });
    expect(row?.answer).toMatchObject({
      sender: 'ai_model',
      content: '',
      finished: false,
      answer_kind: 'model',
      reply_to: row?.question?.id,
    });
    expect(row).toMatchObject({
      title: 'Hola',
      seenId: null,
      planId: 7,
      cost: ANSWER_COST,
      starterDue: false,
    });
    expect(row?.chat.id).toBe(chatId);
    expect(row?.business.id).toBe(who.businessId);
    // The history is the chat as it was before this question.
    expect(row?.history).toBeNull();
    const [generation] = await db
      .select()
      .from(generations)
      .where(eq(generations.id, Number(row?.generationId)));
    expect(generation).toMatchObject({
      status: 'running',
      owner: 'this-process',
      cost: ANSWER_COST,
      attempt: 1,
    });
    expect(generation?.creditSource).toBe(values.creditSource);
    expect(await balance(db, who.id)).toBe(10 - ANSWER_COST);

    // The same send again stores and charges nothing, and names the stored question.
    const again = await send({ ...values, creditSource: `answer:${crypto.randomUUID()}` });
    expect(again?.question).toBeNull();
    expect(Number(again?.seenId)).toBe(row?.question?.id);
    expect(await chatMessages(chatId)).toHaveLength(2);
    expect(await balance(db, who.id)).toBe(10 - ANSWER_COST);

    // The next send follows the exchange, which its history holds, and keeps the chat's title.
    const next = await send({ ...aSend(who, chatId), title: 'Otro título' });
    expect(next?.history?.map((m) => m.sender)).toEqual(['user', 'ai_model']);
    expect(next?.question?.parent_id).toBe(row?.answer?.id);
    expect(next?.title).toBeNull();
  });

  it('stores nothing in another user’s chat, nor for a business that is not the chat’s', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const stranger = await chatOwner(t, { planId: 7, credits: 10 });
    const chatId = await newChat(t, who);
    expect(await send({ ...aSend(who, chatId), userId: stranger.id })).toBeUndefined();
    expect(await send({ ...aSend(stranger, chatId) })).toBeUndefined();
    expect(await send({ ...aSend(who, chatId), businessId: stranger.businessId })).toBeUndefined();
    expect(await chatMessages(chatId)).toEqual([]);
    expect(await balance(t.database.db, stranger.id)).toBe(10);
    expect(await balance(t.database.db, who.id)).toBe(10);
  });

  it('stores the fixed answer, unclaimed and uncharged, when the credits do not cover it or no model answers', async () => {
    const db = t.database.db;
    const who = await chatOwner(t, { planId: 7, credits: 0 });
    const chatId = await newChat(t, who);
    const row = await send(aSend(who, chatId));
    expect(row?.answer).toMatchObject({
      content: creditsExhaustedMessage('Rumbo', 7),
      finished: true,
      answer_kind: 'credits_exhausted',
    });
    expect(row?.generationId).toBeNull();
    expect(await balance(db, who.id)).toBe(0);

    const rich = await chatOwner(t, { planId: 7, credits: 10 });
    const unconfigured = await send(aSend(rich, await newChat(t, rich), { configured: false }));
    expect(unconfigured?.answer).toMatchObject({ finished: true, answer_kind: 'not_configured' });
    expect(unconfigured?.answer?.content).toMatch(/todavía no está configurado/);
    expect(unconfigured).toMatchObject({ generationId: null, cost: 0 });
    expect(await balance(db, rich.id)).toBe(10);
  });

  it('answers plan 12 without charging it', async () => {
    const who = await chatOwner(t, { planId: UNLIMITED_PLAN, credits: 0 });
    const row = await send(aSend(who, await newChat(t, who)));
    expect(row).toMatchObject({ cost: 0 });
    const [generation] = await t.database.db
      .select()
      .from(generations)
      .where(eq(generations.id, Number(row?.generationId)));
    expect(generation).toMatchObject({ cost: 0, creditSource: null, status: 'running' });
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, who.id));
    expect(ledger.filter((row) => row.kind === 'debit')).toEqual([]);
  });

  it('stores nothing until a Starter user’s month is granted, then charges it', async () => {
    const db = t.database.db;
    const who = await chatOwner(t, { planId: STARTER_PLAN, credits: 0 });
    const chatId = await newChat(t, who);
    const values = aSend(who, chatId);
    const due = await send(values);
    expect(due).toMatchObject({ starterDue: true, question: null, answer: null });
    expect(await chatMessages(chatId)).toEqual([]);
    await ensureMonthlyFreeCredits(db, who.id);
    const granted = Number(await balance(db, who.id));
    const row = await send(values);
    expect(row).toMatchObject({ starterDue: false, cost: ANSWER_COST });
    expect(row?.answer?.answer_kind).toBe('model');
    expect(await balance(db, who.id)).toBe(granted - ANSWER_COST);
  });

  it('counts the send, and stores nothing past the limit', async () => {
    const who = await chatOwner(t, { planId: UNLIMITED_PLAN, credits: 0 });
    const chatId = await newChat(t, who);
    for (let n = 1; n <= WRITE_LIMITS.sends.max; n++) {
      const row = await send(aSend(who, chatId));
      expect(row?.sendHits).toBe(n);
      expect(row?.question).not.toBeNull();
    }
    const over = await send(aSend(who, chatId));
    expect(over?.sendHits).toBe(WRITE_LIMITS.sends.max + 1);
    expect(over?.sendRetryAfter).toBeGreaterThan(0);
    expect(over?.question).toBeNull();
    expect(await chatMessages(chatId)).toHaveLength(WRITE_LIMITS.sends.max * 2);
    // A send counted before it (one with files) is not counted again.
    expect((await send(aSend(who, chatId, { counted: true })))?.sendHits).toBe(WRITE_LIMITS.sends.max + 1);
  });

  it('stores the question’s files with it', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const file = aFile(who);
    const row = await send(aSend(who, await newChat(t, who)), [file]);
    const stored = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, Number(row?.question?.id)));
    expect(stored).toMatchObject([{ id: file.id, name: 'plan.txt', storageKey: file.key, size: 16 }]);
  });

  // PGlite has one connection: no two statements ever wait on each other there.
  it.runIf(testEngine === 'postgres')(
    'lets a send with files and its business’s delete run together: the send stores nothing, neither fails',
    async () => {
      const db = t.database.db;
      const who = await chatOwner(t, { planId: 7, credits: 10 });
      const chatId = await newChat(t, who);
      // The send, once it waits for the lock (this test's database only: others run beside it).
      const waitingOnALock = sql`select 1 from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`;
      let sending: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        // As the business's delete begins: its row locked, then the chats it cascades to.
        await tx.execute(sql`select 1 from businesses where id = ${who.businessId} for update`);
        sending = send(aSend(who, chatId), [aFile(who)]).catch((error: unknown) => error);
        await expect
          .poll(async () => (await queryRows(db, waitingOnALock)).length, { timeout: 10_000 })
          .toBeGreaterThan(0);
        await tx.execute(sql`delete from businesses where id = ${who.businessId}`);
      });
      const row = (await sending) as Awaited<ReturnType<typeof send>>;
      expect(row).not.toBeInstanceOf(Error);
      expect(row?.question ?? null).toBeNull();
      expect(await chatMessages(chatId)).toEqual([]);
    },
  );
});

import crypto from 'node:crypto';
import { ANSWER_COST } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, messages } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type ChatOwner, chatOwner, newChat } from '../../../test/chat-owner.ts';
import { balance } from '../../credits/credits.ts';
import { prepareSendRead, type StoreSend, storeSend } from './send-sql.ts';

// The send's two statements on their own (the HTTP tests of the send go through them on every send).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const aSend = (who: ChatOwner, chatId: number, clientMessageId: string): StoreSend => ({
  userId: who.id,
  businessId: who.businessId,
  chatId,
  clientMessageId,
  content: 'Hola',
  files: [],
  title: 'Hola',
  cost: ANSWER_COST,
  creditSource: `answer:${crypto.randomUUID()}`,
  configured: true,
  fixedAnswer: 'Sin créditos',
  fixedKind: 'credits_exhausted',
  owner: 'this-process',
  model: 'fake',
});

describe('the send’s read', () => {
  it('finds only the caller’s chat, reserves the send once and sees it once it is stored', async () => {
    const db = t.database.db;
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const stranger = await chatOwner(t, { planId: 7, credits: 10 });
    const chatId = await newChat(t, who);
    const read = prepareSendRead(db);
    const clientMessageId = crypto.randomUUID();
    const args = { chatId, businessId: who.businessId, userId: who.id, clientMessageId };
    expect(await read.execute({ ...args, userId: stranger.id })).toEqual([]);
    const [first] = await read.execute(args);
    expect(first).toMatchObject({ reserved: true, seenId: null, planId: 7 });
    expect(first?.chat.id).toBe(chatId);
    expect(Number(first?.balance)).toBe(10);
    const [again] = await read.execute(args);
    expect(again?.reserved).toBe(false);
    const stored = await storeSend(db, aSend(who, chatId, clientMessageId));
    const [seen] = await read.execute(args);
    expect(Number(seen?.seenId)).toBe(stored?.question.id);
    expect(seen?.history?.map((m) => m.sender)).toEqual(['user', 'ai_model']);
  });
});

describe('storing a send', () => {
  it('stores the question, charges it, stores its answer and claims its generation, once per client id', async () => {
    const db = t.database.db;
    const who = await chatOwner(t, { planId: 7, credits: 10 });
    const chatId = await newChat(t, who);
    const clientMessageId = crypto.randomUUID();
    const row = await storeSend(db, aSend(who, chatId, clientMessageId));
    expect(row?.question).toMatchObject({
      sender: 'user',
      content: 'Hola',
      client_message_id: clientMessageId,
    });
    expect(row?.answer).toMatchObject({
      sender: 'ai_model',
      content: '',
      finished: false,
      answer_kind: 'model',
      reply_to: row?.question.id,
    });
    expect(row?.title).toBe('Hola');
    const [generation] = await db
      .select()
      .from(generations)
      .where(eq(generations.id, Number(row?.generation_id)));
    expect(generation).toMatchObject({
      status: 'running',
      owner: 'this-process',
      cost: ANSWER_COST,
      attempt: 1,
    });
    expect(await balance(db, who.id)).toBe(10 - ANSWER_COST);
    // The same send again stores and charges nothing.
    expect(await storeSend(db, aSend(who, chatId, clientMessageId))).toBeUndefined();
    expect(await db.select().from(messages).where(eq(messages.chatId, chatId))).toHaveLength(2);
    expect(await balance(db, who.id)).toBe(10 - ANSWER_COST);
  });

  it('stores the fixed answer, unclaimed and uncharged, when the credits do not cover it', async () => {
    const db = t.database.db;
    const who = await chatOwner(t, { planId: 7, credits: 0 });
    const chatId = await newChat(t, who);
    const row = await storeSend(db, aSend(who, chatId, crypto.randomUUID()));
    expect(row?.answer).toMatchObject({
      content: 'Sin créditos',
      finished: true,
      answer_kind: 'credits_exhausted',
    });
    expect(row?.generation_id).toBeNull();
    expect(await balance(db, who.id)).toBe(0);
  });
});

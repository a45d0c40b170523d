import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, messages } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type ChatOwner, chatOwner, MINIMAL_IDEA, newChat } from '../../../test/chat-owner.ts';

// GET /api/chats/latest (ADR 0047): the home's 'Continuar la última conversación'.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const latest = async (who: { cookie: string }) => {
  const res = await t.request('/api/chats/latest', { headers: { cookie: who.cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { chat: Record<string, unknown> | null }).chat;
};

/** A thread with a message written `minutesAgo` (the engine's own writes are not needed here). */
async function threadWith(who: ChatOwner, businessId: number, title: string, minutesAgo: number) {
  const chatId = await newChat(t, { ...who, businessId });
  await t.database.db.update(chats).set({ title }).where(eq(chats.id, chatId));
  await t.database.db.insert(messages).values({
    chatId,
    sender: 'user',
    content: title,
    time: new Date(Date.now() - minutesAgo * 60_000),
  });
  return chatId;
}

describe('GET /api/chats/latest', () => {
  it('answers 401 without a session', async () => {
    expect((await t.request('/api/chats/latest')).status).toBe(401);
  });

  it('is null (not a 404) for a user with no business, or with threads where nothing was written', async () => {
    const owner = await chatOwner(t, { planId: 7, credits: 10 });
    expect(await latest(owner)).toBeNull();
    await newChat(t, owner);
    expect(await latest(owner)).toBeNull();
  });

  it("gives the thread with the newest message across the user's businesses, never another user's", async () => {
    const owner = await chatOwner(t, {
      planId: 7,
      credits: 10,
      idea: { ...MINIMAL_IDEA, name: 'Huerta Viva' },
    });
    const second = await t.request('/api/businesses/ideas', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...MINIMAL_IDEA, name: 'Taller Norte' }),
    });
    const secondId = ((await second.json()) as { id: number }).id;
    await threadWith(owner, owner.businessId, 'Precios de verano', 30);
    const recent = await threadWith(owner, secondId, 'Buscar socios', 5);
    // Another user writes after both: their thread is never offered to the owner.
    const stranger = await chatOwner(t, { planId: 7, credits: 10, idea: { ...MINIMAL_IDEA, name: 'Ajeno' } });
    await threadWith(stranger, stranger.businessId, 'Secreto ajeno', 1);

    const chat = await latest(owner);
    expect(chat).toMatchObject({
      id: recent,
      title: 'Buscar socios',
      business_id: secondId,
      business_name: 'Taller Norte',
      business_stage: 'idea',
    });
    expect(Date.now() - Date.parse(String(chat?.active_at))).toBeGreaterThan(4 * 60_000);
    expect(await latest(stranger)).toMatchObject({ title: 'Secreto ajeno', business_name: 'Ajeno' });

    // Writing in the older thread makes it the latest.
    const older = await threadWith(owner, owner.businessId, 'Nuevo hilo', 0);
    expect(await latest(owner)).toMatchObject({ id: older, business_name: 'Huerta Viva' });
  });
});

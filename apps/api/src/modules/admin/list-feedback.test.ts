import { ADMIN_FEEDBACK_PAGE_SIZE } from '@rumbo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, messageFeedback, messages, productFeedback } from '../../db/schema/index.ts';
import { createTestApp, markEmailVerified, signUp, type TestApp } from '../../test/app.ts';
import { chatOwner } from '../../test/chat-owner.ts';

// GET /api/admin/feedback (ADR 0047): the console's comments and answer ratings, for operators only.

const ADMIN = 'operadora@example.com';
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = (await signUp(t, { name: 'Operadora', email: ADMIN, password: 'contraseña-segura' })).cookie;
  await markEmailVerified(t, ADMIN);
});
afterAll(async () => {
  await t.close();
});

const list = (cookie: string | undefined, query = '') =>
  t.request(`/api/admin/feedback${query}`, { headers: cookie ? { cookie } : {} });

describe('GET /api/admin/feedback', () => {
  it('answers 401 without a session and 403 to a user who is not an operator', async () => {
    const member = await chatOwner(t, { planId: 7, credits: 5 });
    expect((await list(undefined)).status).toBe(401);
    const refused = await list(member.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lists the latest comments and answer ratings with the e-mail of who sent them, a page at a time', async () => {
    const owner = await chatOwner(t, { planId: 7, credits: 5 });
    const sent = await t.request('/api/feedback', {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Quiero exportar mis chats', page: '/' }),
    });
    expect(sent.status).toBe(201);
    // More than a page, older than the comment sent above.
    await t.database.db.insert(productFeedback).values(
      Array.from({ length: ADMIN_FEEDBACK_PAGE_SIZE + 1 }, (_, i) => ({
        userId: owner.id,
        message: `Antiguo ${i}`,
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    );
    const [chat] = await t.database.db.insert(chats).values({ businessId: owner.businessId }).returning();
    const answers = await t.database.db
      .insert(messages)
      .values([
        { chatId: chat?.id ?? 0, sender: 'ai_model', content: 'Respuesta 1' },
        { chatId: chat?.id ?? 0, sender: 'ai_model', content: 'Respuesta 2' },
      ])
      .returning();
    await t.database.db.insert(messageFeedback).values([
      {
        messageId: answers[0]?.id ?? 0,
        userId: owner.id,
        rating: 'up',
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        messageId: answers[1]?.id ?? 0,
        userId: owner.id,
        rating: 'down',
        reason: 'No responde a mi pregunta',
      },
    ]);

    const res = await list(admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      comments: Array<{ message: string; user_email: string; page: string | null }>;
      comments_total: number;
      ratings: Array<Record<string, unknown>>;
      ratings_total: number;
    };
    expect(body.comments_total).toBe(ADMIN_FEEDBACK_PAGE_SIZE + 2);
    expect(body.comments).toHaveLength(ADMIN_FEEDBACK_PAGE_SIZE);
    expect(body.comments[0]).toMatchObject({ message: 'Quiero exportar mis chats', page: '/' });
    expect(body.comments[0]?.user_email).toMatch(/^chat-.*@example\.com$/);
    expect(body.ratings_total).toBe(2);
    expect(body.ratings).toMatchObject([
      { message_id: answers[1]?.id, rating: 'down', reason: 'No responde a mi pregunta' },
      { message_id: answers[0]?.id, rating: 'up', reason: null },
    ]);
    expect(String(body.ratings[0]?.user_email)).toMatch(/@example\.com$/);

    const second = (await (await list(admin, '?page=2')).json()) as { comments: unknown[]; page: number };
    expect(second.page).toBe(2);
    expect(second.comments).toMatchObject([
      { message: `Antiguo ${ADMIN_FEEDBACK_PAGE_SIZE - 1}` },
      { message: `Antiguo ${ADMIN_FEEDBACK_PAGE_SIZE}` },
    ]);
    expect((await list(admin, '?page=0')).status).toBe(400);
  });
});

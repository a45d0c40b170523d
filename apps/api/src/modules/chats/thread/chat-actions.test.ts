import fs from 'node:fs';
import path from 'node:path';
import { SEARCH_MARK_END, SEARCH_MARK_START } from '@rumbo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { attachments, chats, messageFeedback, messages } from '../../../db/schema/index.ts';
import { type ChatOwner, chatOwner, newChat, storedAnswer } from '../../../test/chat-owner.ts';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../../../test/fakes/openai.ts';
import { startTestHttpServer, type TestHttpServer } from '../../../test/http-server.ts';

const ANSWER = 'Para la **financiación** inicial, prueba con un préstamo ENISA y ahorros propios.';

let fake: FakeOpenAI;
let t: TestHttpServer;

beforeAll(async () => {
  fake = await startFakeOpenAI({
    script: (body) => (body.stream ? { tokens: tokenize(ANSWER) } : { tokens: ['Financiar la idea'] }),
  });
  t = await startTestHttpServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-mentor',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const owner = () => chatOwner(t, { planId: 7, credits: 600 });
const base = (who: ChatOwner, chatId?: number) =>
  `/api/businesses/${who.businessId}/chats${chatId === undefined ? '' : `/${chatId}`}`;

function call(who: ChatOwner, url: string, init: { method?: string; body?: unknown } = {}) {
  return t.fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      cookie: who.cookie,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A chat with one question (optionally with a text file) and its finished answer. */
async function chatWithAnswer(who: ChatOwner, file?: string) {
  const chatId = await newChat(t, who);
  const form = new FormData();
  form.append('content', '¿Cómo financio mi idea?');
  if (file) form.append('files', new Blob([file]), 'plan de negocio.txt');
  const res = await t.fetch(`${base(who, chatId)}/messages/stream`, {
    method: 'POST',
    headers: { cookie: who.cookie },
    body: form,
  });
  expect(res.status).toBe(200);
  await res.text();
  const answerId = Number(res.headers.get('x-answer-id'));
  await storedAnswer(t, answerId);
  return { chatId, answerId, questionId: Number(res.headers.get('x-message-id')) };
}

/** `count` new chats of the owner, oldest first (written directly: the API limits chats per minute). */
async function manyChats(who: ChatOwner, count: number): Promise<number[]> {
  const rows = await t.database.db
    .insert(chats)
    .values(Array.from({ length: count }, () => ({ businessId: who.businessId })))
    .returning({ id: chats.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

interface Hit {
  chat: { id: number; title: string; business_id: number };
  message_id: number | null;
  snippet: string;
}
const search = async (who: ChatOwner, q: string, businessId = who.businessId) => {
  const res = await call(who, `/api/businesses/${businessId}/chats/search?q=${encodeURIComponent(q)}`);
  return { status: res.status, body: (await res.json()) as Hit[] & { message?: string } };
};

describe('renaming a chat', () => {
  it('changes only the title, trimmed, and refuses empty or long titles in Spanish', async () => {
    const who = await owner();
    const { chatId } = await chatWithAnswer(who);
    const renamed = await call(who, base(who, chatId), {
      method: 'PATCH',
      body: { title: '  Ronda de inversión  ' },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      id: chatId,
      business_id: who.businessId,
      title: 'Ronda de inversión',
    });
    const [row] = await t.database.db.select().from(chats).where(eq(chats.id, chatId));
    expect(row?.title).toBe('Ronda de inversión');
    // The model's title, if it came late, would not overwrite the user's.
    expect(row?.titleGenerated).toBe(true);

    const empty = await call(who, base(who, chatId), { method: 'PATCH', body: { title: '   ' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ field: 'title', message: 'Escribe un título' });
    const long = await call(who, base(who, chatId), { method: 'PATCH', body: { title: 'x'.repeat(121) } });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toContain('como máximo 120 caracteres');
    const exact = await call(who, base(who, chatId), { method: 'PATCH', body: { title: 'y'.repeat(120) } });
    expect(exact.status).toBe(200);
  });

  it('answers 404 for another user’s chat and leaves it as it was', async () => {
    const [who, other] = [await owner(), await owner()];
    const chatId = await newChat(t, other);
    const res = await call(who, base(other, chatId), { method: 'PATCH', body: { title: 'Mío' } });
    expect(res.status).toBe(404);
    // Through the caller's own business, someone else's chat is not found either.
    expect((await call(who, base(who, chatId), { method: 'PATCH', body: { title: 'Mío' } })).status).toBe(
      404,
    );
    const [row] = await t.database.db.select().from(chats).where(eq(chats.id, chatId));
    expect(row?.title).toBe('');
  });
});

describe('deleting a chat', () => {
  it('removes the chat, its messages, attachment rows and files', async () => {
    const who = await owner();
    const { chatId } = await chatWithAnswer(who, 'Cuenta de resultados prevista');
    const kept = await chatWithAnswer(who);
    const [file] = await queryRows<{ storage_key: string }>(
      t.database.db,
      sql`select a.storage_key from attachments a join messages m on m.id = a.message_id where m.chat_id = ${chatId}`,
    );
    const stored = path.join(t.env.DATA_DIR, 'files', file?.storage_key ?? 'x');
    expect(fs.existsSync(stored)).toBe(true);

    const res = await call(who, base(who, chatId), { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await t.database.db.select().from(chats).where(eq(chats.id, chatId))).toEqual([]);
    expect(await t.database.db.select().from(messages).where(eq(messages.chatId, chatId))).toEqual([]);
    expect(
      await t.database.db.select().from(attachments).where(eq(attachments.businessId, who.businessId)),
    ).toEqual([]);
    expect(fs.existsSync(stored)).toBe(false);
    expect((await call(who, base(who, chatId))).status).toBe(404);
    // The other thread is untouched.
    expect((await call(who, base(who, kept.chatId))).status).toBe(200);
  });

  it('answers 404 for another user’s chat, which stays', async () => {
    const [who, other] = [await owner(), await owner()];
    const chatId = await newChat(t, other);
    expect((await call(who, base(other, chatId), { method: 'DELETE' })).status).toBe(404);
    expect((await call(who, base(who, chatId), { method: 'DELETE' })).status).toBe(404);
    expect(await t.database.db.select().from(chats).where(eq(chats.id, chatId))).toHaveLength(1);
  });
});

describe('searching chats', () => {
  it('finds a word deep in an old long thread, accents ignored, with a marked snippet', async () => {
    const who = await owner();
    const old = await newChat(t, who);
    // 400 messages, the word in the 3rd; then 25 newer threads that do not mention it.
    const rows = Array.from({ length: 400 }, (_, i) => ({
      chatId: old,
      sender: (i % 2 === 0 ? 'user' : 'ai_model') as 'user' | 'ai_model',
      content:
        i === 2
          ? 'Hablemos de la financiación: una ronda presemilla con business angels y un préstamo participativo.'
          : `Mensaje ${i} sobre clientes, precios y canales de venta.`,
    }));
    await t.database.db.insert(messages).values(rows);
    await manyChats(who, 25);

    const found = await search(who, 'financiacion');
    expect(found.status).toBe(200);
    expect(found.body.map((hit) => hit.chat.id)).toEqual([old]);
    const [hit] = found.body;
    expect(hit?.snippet).toContain(`${SEARCH_MARK_START}financiación${SEARCH_MARK_END}`);
    expect(hit?.chat.business_id).toBe(who.businessId);
    // Accented search, another form of the word and a prefix find it too.
    expect((await search(who, 'FINANCIACIÓN')).body.map((h) => h.chat.id)).toEqual([old]);
    expect((await search(who, 'préstamos participativos')).body.map((h) => h.chat.id)).toEqual([old]);
    expect((await search(who, 'presemi')).body.map((h) => h.chat.id)).toEqual([old]);
    expect((await search(who, 'criptomonedas')).body).toEqual([]);
  });

  it('finds titles, newest first, at most 20, and only the business’s own threads', async () => {
    const [who, other] = [await owner(), await owner()];
    const mine = (await manyChats(who, 22)).reverse();
    for (const id of mine.slice(0, 21)) {
      await call(who, base(who, id), { method: 'PATCH', body: { title: `Campaña de márketing ${id}` } });
    }
    const theirs = await newChat(t, other);
    await call(other, base(other, theirs), { method: 'PATCH', body: { title: 'Campaña de márketing' } });
    await chatWithAnswer(other);

    const found = await search(who, 'marketing');
    expect(found.body.map((h) => h.chat.id)).toEqual(mine.slice(0, 20));
    expect(found.body[0]?.message_id).toBeNull();
    expect(found.body[0]?.snippet).toContain(`${SEARCH_MARK_START}márketing${SEARCH_MARK_END}`);
    // Another user's answer (which mentions 'financiación') is never found from this business...
    expect((await search(who, 'financiacion')).body).toEqual([]);
    // ...and their business is not searchable at all.
    expect((await search(who, 'marketing', other.businessId)).status).toBe(404);
  });

  it('finds an answer once it is finished, not while it is being written', async () => {
    const who = await owner();
    const chatId = await newChat(t, who);
    const [answer] = await t.database.db
      .insert(messages)
      .values({ chatId, sender: 'ai_model', content: 'Un crowdfunding de recompensas', finished: false })
      .returning({ id: messages.id });
    expect((await search(who, 'crowdfunding')).body).toEqual([]);
    await t.database.db
      .update(messages)
      .set({ content: 'Un crowdfunding de recompensas para el primer lote', finished: true })
      .where(eq(messages.id, answer?.id ?? 0));
    const found = (await search(who, 'crowdfunding')).body;
    expect(found.map((hit) => [hit.chat.id, hit.message_id])).toEqual([[chatId, answer?.id]]);
  });

  it('refuses a search shorter than 2 or longer than 100 characters', async () => {
    const who = await owner();
    const short = await search(who, ' a ');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Escribe al menos 2 caracteres para buscar');
    expect((await search(who, 'x'.repeat(101))).status).toBe(400);
    // Query syntax typed by the user is only text.
    expect((await search(who, "plan:* & ! ( 'x")).status).toBe(200);
  });

  it('never lets marks or HTML of the text pass as highlights', async () => {
    const who = await owner();
    const chatId = await newChat(t, who);
    await t.database.db.insert(messages).values({
      chatId,
      sender: 'ai_model',
      content: `<b>inversión</b> ${SEARCH_MARK_START}falsa${SEARCH_MARK_END} de capital`,
    });
    const [hit] = (await search(who, 'inversion')).body;
    // The snippet is text: the tags stay as typed, and only the server's own marks remain.
    expect(hit?.snippet).toBe(`<b>${SEARCH_MARK_START}inversión${SEARCH_MARK_END}</b> falsa de capital`);
  });
});

describe('exporting a chat', () => {
  it('downloads the title, dates, questions, answers and attachment names as Markdown', async () => {
    const who = await owner();
    const { chatId } = await chatWithAnswer(who, 'Previsión de ventas');
    await call(who, base(who, chatId), {
      method: 'PATCH',
      body: { title: 'Financiación: ¿préstamo/ENISA?' },
    });
    const res = await call(who, `${base(who, chatId)}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="financiacion-prestamo-enisa.md"',
    );
    const text = await res.text();
    expect(text.startsWith('# Financiación: ¿préstamo/ENISA?\n\nEmpezado el ')).toBe(true);
    expect(text).toMatch(/Exportado el \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(text).toMatch(/## Tú · .*\n\n¿Cómo financio mi idea\?\n\nAdjuntos: plan de negocio\.txt/);
    expect(text).toContain(`## Mentor · `);
    expect(text).toContain(ANSWER);
    expect(text.indexOf('¿Cómo financio')).toBeLessThan(text.indexOf(ANSWER));
  });

  it('answers 404 for another user’s chat', async () => {
    const [who, other] = [await owner(), await owner()];
    const chatId = await newChat(t, other);
    expect((await call(who, `${base(other, chatId)}/export`)).status).toBe(404);
  });
});

describe('rating an answer', () => {
  it('sets, changes and clears the thumbs, visible when the chat is read again', async () => {
    const who = await owner();
    const { chatId, answerId } = await chatWithAnswer(who);
    const url = `${base(who, chatId)}/messages/${answerId}/feedback`;
    const feedbackOf = async () => {
      const read = (await (await call(who, base(who, chatId))).json()) as {
        messages: Array<{ id: number; feedback?: unknown }>;
      };
      return read.messages.find((m) => m.id === answerId)?.feedback;
    };
    expect(await feedbackOf()).toBeUndefined();

    const up = await call(who, url, { method: 'PUT', body: { rating: 'up' } });
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ rating: 'up', reason: null });
    expect(await feedbackOf()).toEqual({ rating: 'up', reason: null });

    const down = await call(who, url, {
      method: 'PUT',
      body: { rating: 'down', reason: '  Datos inventados ' },
    });
    expect(await down.json()).toEqual({ rating: 'down', reason: 'Datos inventados' });
    expect(await feedbackOf()).toEqual({ rating: 'down', reason: 'Datos inventados' });
    const stored = await t.database.db
      .select()
      .from(messageFeedback)
      .where(eq(messageFeedback.messageId, answerId));
    expect(stored).toMatchObject([{ userId: who.id, rating: 'down', reason: 'Datos inventados' }]);

    expect((await call(who, url, { method: 'DELETE' })).status).toBe(204);
    expect(await feedbackOf()).toBeUndefined();
    expect((await call(who, url, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses bad ratings, long reasons, questions and others’ answers', async () => {
    const [who, other] = [await owner(), await owner()];
    const { chatId, answerId, questionId } = await chatWithAnswer(who);
    const url = (messageId: number) => `${base(who, chatId)}/messages/${messageId}/feedback`;
    expect((await call(who, url(answerId), { method: 'PUT', body: { rating: 'meh' } })).status).toBe(400);
    const long = await call(who, url(answerId), {
      method: 'PUT',
      body: { rating: 'down', reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toContain('como máximo 500 caracteres');
    expect((await call(who, url(questionId), { method: 'PUT', body: { rating: 'up' } })).status).toBe(404);
    expect((await call(other, url(answerId), { method: 'PUT', body: { rating: 'up' } })).status).toBe(404);
    expect((await call(other, url(answerId), { method: 'DELETE' })).status).toBe(404);
    const otherUrl = `${base(other, chatId)}/messages/${answerId}/feedback`;
    expect((await call(other, otherUrl, { method: 'PUT', body: { rating: 'up' } })).status).toBe(404);
    expect(
      await t.database.db.select().from(messageFeedback).where(eq(messageFeedback.messageId, answerId)),
    ).toEqual([]);
  });
});

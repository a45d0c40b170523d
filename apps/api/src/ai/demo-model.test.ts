import { CHAT_STREAM_HEADERS } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, creditBalances } from '../db/schema/index.ts';
import { chatOwner, MINIMAL_IDEA, newChat, storedAnswer } from '../test/chat-owner.ts';
import { startTestHttpServer, type TestHttpServer } from '../test/http-server.ts';
import { modelAssistant } from './assistant.ts';
import { demoModel } from './demo-model.ts';

// AI_PROVIDER=demo (README): the scripted mentor behind the real chat send, streamed and charged as a model is.

let t: TestHttpServer;
beforeAll(async () => {
  t = await startTestHttpServer({ AI_PROVIDER: 'demo' });
});
afterAll(async () => {
  await t?.close();
});

describe('the demo mentor through POST …/messages/stream', () => {
  it('streams a Spanish answer about the business, by its name, in several chunks, and charges it', async () => {
    const owner = await chatOwner(t, {
      planId: 7,
      credits: 10,
      idea: { ...MINIMAL_IDEA, name: 'Panadería Aurora' },
    });
    const chatId = await newChat(t, owner);
    const res = await t.fetch(`/api/businesses/${owner.businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '¿Qué precio debería poner a mis productos?' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('model');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    let reads = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads += 1;
      text += decoder.decode(value, { stream: true });
    }
    // It arrives as a model's answer does: a piece at a time, not in one block.
    expect(reads).toBeGreaterThan(5);
    expect(text).toContain('Panadería Aurora');
    expect(text).toContain('## Cómo poner precio a Panadería Aurora');
    const answer = await storedAnswer(t, Number(res.headers.get(CHAT_STREAM_HEADERS.answerId)));
    expect(answer.content).toBe(text);
    // Same product, same price: an answer costs its credit.
    const [balance] = await t.database.db
      .select()
      .from(creditBalances)
      .where(eq(creditBalances.userId, owner.id));
    expect(balance?.balance).toBe(9);
    // The chat is named from the topic, as a model would name it.
    await expect
      .poll(async () => (await t.database.db.select().from(chats).where(eq(chats.id, chatId)))[0]?.title)
      .toBe('Estrategia de precios');
  });

  it('tells the browser it runs in demo mode (public config)', async () => {
    expect(await (await t.fetch('/api/config')).json()).toMatchObject({ demo: true });
  });
});

describe('demoModel', () => {
  const answer = async (question: string, name = 'Café Lumen') => {
    let text = '';
    await modelAssistant('demo:test', demoModel({ delayMs: [0, 0] }), { vision: false }).answer({
      system: `Eres Rumbo.\n<perfil_del_negocio>\nNombre: ${name}\nEtapa: idea\n</perfil_del_negocio>`,
      messages: [{ role: 'user', content: [{ type: 'text', text: question }] }],
      signal: new AbortController().signal,
      onDelta: (delta) => {
        text += delta;
      },
    });
    return text;
  };

  it('picks a topic by the question’s keywords (accents or not) and falls back to general advice', async () => {
    expect(await answer('¿Cómo consigo mis primeros clientes?')).toContain(
      'Tus primeros clientes para Café Lumen',
    );
    expect(await answer('opciones de financiacion')).toContain('Cómo financiar Café Lumen');
    expect(await answer('Quiero mejorar mi marketing en Instagram')).toContain('plan de marketing');
    expect(await answer('¿Quién es mi competencia?')).toContain('La competencia de Café Lumen');
    const general = await answer('Hola, ¿por dónde empiezo?');
    expect(general).toContain('próximos pasos de **Café Lumen**');
  });

  it('stops when the answer is stopped', async () => {
    const controller = new AbortController();
    let text = '';
    const running = modelAssistant('demo:test', demoModel({ delayMs: [5, 5] }), { vision: false }).answer({
      system: 'Nombre: Café Lumen',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'precio' }] }],
      signal: controller.signal,
      onDelta: (delta) => {
        text += delta;
        controller.abort(new Error('parado'));
      },
    });
    await expect(running).rejects.toThrow('parado');
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(40);
  });
});

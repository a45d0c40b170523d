import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHAT_STREAM_HEADERS } from '@rumbo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generations } from '../db/schema/index.ts';
import { notesSchema } from '../modules/research/pipeline/gather-step.ts';
import { planSchema } from '../modules/research/pipeline/plan-step.ts';
import { sectionSchema } from '../modules/research/pipeline/write-step.ts';
import { chatOwner, newChat, storedAnswer } from '../test/chat-owner.ts';
import { startTestHttpServer, type TestHttpServer } from '../test/http-server.ts';
import { writeTinyGguf } from '../test/tiny-gguf.ts';
import { importNodeLlamaCpp } from './local-model.ts';

/**
 * AI_PROVIDER=local end to end, on a tiny random-weights GGUF that the test writes. node-llama-cpp is
 * installed apart from `npm ci` (ADR 0010): `npm run model:download -- --runtime-only` (CI does it).
 */
const available = (await importNodeLlamaCpp()) !== null;
if (!available)
  console.warn(
    'local-model.test: node-llama-cpp is not installed; run `npm run model:download -- --runtime-only`',
  );

describe.skipIf(!available)('the local provider (node-llama-cpp)', () => {
  let t: TestHttpServer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-gguf-'));
  const file = path.join(dir, 'tiny.gguf');

  beforeAll(async () => {
    writeTinyGguf(file);
    t = await startTestHttpServer({ AI_PROVIDER: 'local', LOCAL_MODEL_PATH: file });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('streams the tiny model’s tokens through the chat endpoint and stores the answer', async () => {
    const who = await chatOwner(t, { planId: 7, credits: 5 });
    const { cookie, businessId } = who;
    const chatId = await newChat(t, who);

    const res = await t.fetch(`/api/businesses/${businessId}/chats/${chatId}/messages/stream`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '¿Cómo valido mi idea?', client_message_id: crypto.randomUUID() }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get(CHAT_STREAM_HEADERS.answerKind)).toBe('model');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: string[] = [];
    for (;;) {
      const part = await reader.read();
      if (part.done) break;
      chunks.push(new TextDecoder().decode(part.value));
    }
    const text = chunks.join('');
    // The tiny vocabulary's Spanish word pieces, streamed in more than one chunk.
    expect(text).toMatch(/\p{L}{2,}/u);
    expect(chunks.length).toBeGreaterThan(1);

    const answerId = Number(res.headers.get(CHAT_STREAM_HEADERS.answerId));
    expect(await storedAnswer(t, answerId)).toMatchObject({ content: text, finished: true });
    const [generation] = await t.database.db
      .select()
      .from(generations)
      .where(eq(generations.messageId, answerId));
    expect(generation?.status).toBe('finished');
    expect(generation?.model).toBe('local:tiny.gguf');
    expect(generation?.outputTokens).toBeGreaterThan(0);
  }, 120_000);

  it('turns every structured research step’s JSON schema into a grammar', async () => {
    const lib = (await importNodeLlamaCpp()) as unknown as {
      getLlama(options: object): Promise<{ createGrammarForJsonSchema(schema: unknown): Promise<unknown> }>;
    };
    const llama = await lib.getLlama({ gpu: false, build: 'never' });
    for (const schema of [planSchema, notesSchema, sectionSchema]) {
      await expect(
        llama.createGrammarForJsonSchema(z.toJSONSchema(schema, { target: 'draft-7' })),
      ).resolves.toBeTruthy();
    }
  }, 60_000);
});

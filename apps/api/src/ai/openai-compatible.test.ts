import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, type FakeScript, startFakeOpenAI, tokenize } from '../test/fakes/openai.ts';
import { openAICompatibleModel } from './openai-compatible.ts';

let fake: FakeOpenAI;
let script: FakeScript;

beforeAll(async () => {
  fake = await startFakeOpenAI({ script: () => script });
});
afterAll(async () => {
  await fake?.close();
});

const model = () => openAICompatibleModel({ baseURL: fake.url, modelId: 'fake-model', apiKey: 'k' });
const prompt = [
  { role: 'system' as const, content: 'Eres un mentor.' },
  { role: 'user' as const, content: [{ type: 'text' as const, text: '¿Por dónde empiezo?' }] },
];

async function collect(stream: ReadableStream<LanguageModelV3StreamPart>) {
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

describe('the lean openai-compatible model', () => {
  it('streams the text as deltas and ends with the usage of the final chunk', async () => {
    script = {
      tokens: tokenize('Empieza por hablar con diez clientes.'),
      usage: { prompt_tokens: 21, completion_tokens: 7 },
    };
    const { stream } = await model().doStream({ prompt });
    const parts = await collect(stream);
    const text = parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('');
    expect(text).toBe('Empieza por hablar con diez clientes.');
    expect(parts.map((p) => p.type).filter((t) => t !== 'text-delta')).toEqual([
      'stream-start',
      'text-start',
      'text-end',
      'finish',
    ]);
    const finish = parts.at(-1);
    expect(finish).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 21 }, outputTokens: { total: 7 } },
    });
    const request = fake.requests.at(-1);
    expect(request?.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Eres un mentor.' },
        { role: 'user', content: '¿Por dónde empiezo?' },
      ],
    });
  });

  it('answers generateText without streaming (chat titles)', async () => {
    script = { tokens: ['Primeros clientes'] };
    const { text } = await generateText({ model: model(), prompt: 'Un título', maxOutputTokens: 32 });
    expect(text).toBe('Primeros clientes');
    const body = fake.requests.at(-1)?.body;
    expect(body?.stream).toBeUndefined();
    expect(body?.max_tokens).toBe(32);
  });

  it('sends images as data URLs and earlier answers as plain text', async () => {
    script = { tokens: ['Veo', ' un', ' logo.'] };
    const png = new Uint8Array([137, 80, 78, 71]);
    const { stream } = await model().doStream({
      prompt: [
        { role: 'user', content: [{ type: 'text', text: 'Hola' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hola, ¿qué necesitas?' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: '¿Qué te parece?' },
            { type: 'file', data: png, mediaType: 'image/png' },
          ],
        },
      ],
    });
    await collect(stream);
    expect(fake.requests.at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Hola' },
      { role: 'assistant', content: 'Hola, ¿qué necesitas?' },
      {
        role: 'user',
        content: [
          { type: 'text', text: '¿Qué te parece?' },
          {
            type: 'image_url',
            image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` },
          },
        ],
      },
    ]);
  });

  it('reports HTTP failures as APICallErrors, retryable for 429 and 5xx only', async () => {
    script = { tokens: [], status: 503 };
    const unavailable = await Promise.resolve(model().doStream({ prompt })).catch((e: unknown) => e);
    expect(APICallError.isInstance(unavailable) && unavailable.isRetryable).toBe(true);
    expect((unavailable as APICallError).statusCode).toBe(503);
    expect((unavailable as APICallError).message).toBe('fake failure');

    script = { tokens: [], status: 400 };
    const invalid = await Promise.resolve(model().doStream({ prompt })).catch((e: unknown) => e);
    expect(APICallError.isInstance(invalid) && !invalid.isRetryable).toBe(true);
  });

  it('reports a server it cannot reach as a retryable APICallError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = openAICompatibleModel({ baseURL: `http://127.0.0.1:${port}/v1`, modelId: 'm' });
    const error = await Promise.resolve(unreachable.doStream({ prompt })).catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && error.isRetryable).toBe(true);
  });

  it('errors the stream when the connection is cut before the end', async () => {
    script = { tokens: tokenize('uno dos tres cuatro'), failAfterTokens: 2 };
    const { stream } = await model().doStream({ prompt });
    await expect(collect(stream)).rejects.toThrow();
  });

  it('stops at an abort: the stream errors with the reason and the request goes away', async () => {
    script = { tokens: tokenize('una respuesta muy larga '.repeat(20)), tokenDelayMs: 10 };
    const controller = new AbortController();
    const { stream } = await model().doStream({ prompt, abortSignal: controller.signal });
    const reader = stream.getReader();
    await reader.read();
    const reason = new Error('stopped by the user');
    controller.abort(reason);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toBe(reason);
    const request = fake.requests.at(-1);
    await request?.ended;
    expect(request?.disconnected).toBe(true);
  });
});

describe('structured output through the server', () => {
  const schema = {
    type: 'object',
    properties: { questions: { type: 'array', items: { type: 'string' } } },
    required: ['questions'],
  };
  const ask = (current: ReturnType<typeof model>) =>
    current.doGenerate({ prompt, responseFormat: { type: 'json', schema }, maxOutputTokens: 50 });

  it('sends the step’s JSON schema as response_format', async () => {
    script = { tokens: ['{"questions":["¿Cuántos?"]}'] };
    const before = fake.requests.length;
    await ask(model());
    expect(fake.requests[before]?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'respuesta', schema, strict: false },
    });
  });

  it('asks again without it when the server refuses it, and never sends it to that server again', async () => {
    const refusing = await startFakeOpenAI({
      script: (body) =>
        body.response_format ? { tokens: [], status: 400 } : { tokens: ['{"questions":["¿Cuántos?"]}'] },
    });
    try {
      const current = openAICompatibleModel({ baseURL: refusing.url, modelId: 'fake-model' });
      const first = await ask(current);
      expect(first.content).toEqual([{ type: 'text', text: '{"questions":["¿Cuántos?"]}' }]);
      await ask(current);
      expect(refusing.requests.map((r) => 'response_format' in r.body)).toEqual([true, false, false]);
    } finally {
      await refusing.close();
    }
  });
});

describe('its callback path (streamDeltas)', () => {
  it('hands each text piece to the callback and resolves with the usage', async () => {
    script = {
      tokens: tokenize('Empieza por hablar con diez clientes.'),
      usage: { prompt_tokens: 21, completion_tokens: 7 },
    };
    const pieces: string[] = [];
    const usage = await model().streamDeltas({ prompt }, (text) => pieces.push(text));
    expect(pieces).toEqual(tokenize('Empieza por hablar con diez clientes.'));
    expect(usage).toMatchObject({ inputTokens: { total: 21 }, outputTokens: { total: 7 } });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('rejects with a retryable APICallError when the call cannot start', async () => {
    script = { tokens: [], status: 503 };
    const error = await model()
      .streamDeltas({ prompt }, () => {})
      .catch((e: unknown) => e);
    expect(APICallError.isInstance(error) && error.isRetryable).toBe(true);
  });

  it('rejects when the connection is cut before the end, after the pieces that came', async () => {
    script = { tokens: tokenize('uno dos tres cuatro'), failAfterTokens: 2 };
    const pieces: string[] = [];
    await expect(model().streamDeltas({ prompt }, (text) => pieces.push(text))).rejects.toThrow();
    expect(pieces).toEqual(['uno', ' dos']);
  });

  it('rejects with the abort reason and the request goes away', async () => {
    script = { tokens: tokenize('una respuesta muy larga '.repeat(20)), tokenDelayMs: 10 };
    const controller = new AbortController();
    const reason = new Error('stopped by the user');
    const answer = model().streamDeltas({ prompt, abortSignal: controller.signal }, () =>
      controller.abort(reason),
    );
    await expect(answer).rejects.toBe(reason);
    const request = fake.requests.at(-1);
    await request?.ended;
    expect(request?.disconnected).toBe(true);
  });
});

describe('its SSE reading', () => {
  let raw: http.Server;
  /** What the raw server answers: each piece in its own write, so events split anywhere. */
  let pieces: Buffer[] = [];

  beforeAll(async () => {
    raw = http.createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const piece of pieces) {
          res.write(piece);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        res.end();
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => raw.close(resolve));
  });

  const rawModel = () =>
    openAICompatibleModel({
      baseURL: `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`,
      modelId: 'm',
    });
  const event = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\r\n\r\n`;

  it('joins events and characters split across writes, with CRLF line ends and comments', async () => {
    const bytes = Buffer.from(`: keep-alive\n\n${event('Año ')}${event('señal')}data: [DONE]\n\n`);
    // Cut inside a line, then inside the two bytes of the first 'ñ'.
    const cut = bytes.indexOf(Buffer.from('ñ')) + 1;
    pieces = [bytes.subarray(0, 20), bytes.subarray(20, cut), bytes.subarray(cut)];
    const { stream } = await rawModel().doStream({ prompt });
    const parts = await collect(stream);
    expect(parts.map((p) => (p.type === 'text-delta' ? p.delta : '')).join('')).toBe('Año señal');
    expect(parts.at(-1)).toMatchObject({ type: 'finish', usage: { inputTokens: { total: undefined } } });
  });

  it('turns an error event into an error part', async () => {
    pieces = [
      Buffer.from(`${event('Hola')}data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`),
    ];
    const { stream } = await rawModel().doStream({ prompt });
    const parts = await collect(stream);
    const error = parts.find((p) => p.type === 'error');
    expect(error && (error.error as Error).message).toBe('overloaded');
  });

  it('rejects the callback path at an error event, keeping the text before it', async () => {
    pieces = [
      Buffer.from(
        `${event('Hola')}data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n${event(' tarde')}`,
      ),
    ];
    const seen: string[] = [];
    await expect(rawModel().streamDeltas({ prompt }, (text) => seen.push(text))).rejects.toThrow(
      'overloaded',
    );
    expect(seen).toEqual(['Hola']);
  });

  it('reads the callback path across split writes and CRLF line ends', async () => {
    const bytes = Buffer.from(
      `${event('Año ')}\r\n${event('señal')}data: [DONE]\n\n`.replaceAll('\n\n', '\r\n\r\n'),
    );
    const cut = bytes.indexOf(Buffer.from('ñ')) + 1;
    pieces = [bytes.subarray(0, 9), bytes.subarray(9, cut), bytes.subarray(cut)];
    const seen: string[] = [];
    await rawModel().streamDeltas({ prompt }, (text) => seen.push(text));
    expect(seen.join('')).toBe('Año señal');
  });
});

import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAI, type FakeScript, startFakeOpenAI, tokenize } from '../test/fakes/openai.ts';
import { modelAssistant } from './assistant.ts';
import { openAICompatibleModel } from './openai-compatible.ts';

let fake: FakeOpenAI;
let scripts: FakeScript[] = [];

beforeAll(async () => {
  // Each request takes the next script; the last one repeats.
  fake = await startFakeOpenAI({
    script: () => (scripts.length > 1 ? scripts.shift() : scripts[0]) as FakeScript,
  });
});
afterAll(async () => {
  await fake?.close();
});

const compatible = () =>
  modelAssistant('openai-compatible:m', openAICompatibleModel({ baseURL: fake.url, modelId: 'm' }), {
    vision: false,
  });

async function ask(assistant: ReturnType<typeof compatible>, signal = new AbortController().signal) {
  const pieces: string[] = [];
  const usage = await assistant.answer({
    system: 'Eres un mentor.',
    messages: [{ role: 'user', content: [{ type: 'text', text: '¿Cómo valido mi idea?' }] }],
    signal,
    onDelta: (text) => pieces.push(text),
  });
  return { text: pieces.join(''), usage };
}

describe('answers', () => {
  it('stream the model’s text and report its usage', async () => {
    scripts = [
      { tokens: tokenize('Habla con diez clientes.'), usage: { prompt_tokens: 30, completion_tokens: 5 } },
    ];
    expect(await ask(compatible())).toEqual({
      text: 'Habla con diez clientes.',
      usage: { inputTokens: 30, outputTokens: 5 },
    });
    expect(fake.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: 'Eres un mentor.' },
      { role: 'user', content: '¿Cómo valido mi idea?' },
    ]);
  });

  it('are asked once more when the model is unavailable for a moment (503), not after a 400', async () => {
    scripts = [{ tokens: [], status: 503 }, { tokens: tokenize('Segundo intento.') }];
    const before = fake.requests.length;
    expect((await ask(compatible())).text).toBe('Segundo intento.');
    expect(fake.requests.length - before).toBe(2);

    scripts = [{ tokens: [], status: 400 }, { tokens: tokenize('No debería llegar.') }];
    const invalid = await ask(compatible()).catch((e: unknown) => e);
    expect(APICallError.isInstance(invalid) && invalid.statusCode).toBe(400);
  });

  it('are not asked again once text has arrived, even when the failure would be worth a retry', async () => {
    scripts = [{ tokens: tokenize('uno dos tres cuatro'), failAfterTokens: 2 }];
    const before = fake.requests.length;
    await expect(ask(compatible())).rejects.toThrow();
    expect(fake.requests.length - before).toBe(1);

    // A provider that reports a retryable failure after the first words: asking again would repeat them.
    const overloaded = new APICallError({
      message: 'overloaded',
      url: 'http://model.test',
      requestBodyValues: {},
      statusCode: 529,
      isRetryable: true,
    });
    const model = new MockLanguageModelV3({
      doStream: async () => ({
        stream: convertArrayToReadableStream<LanguageModelV3StreamPart>([
          { type: 'stream-start', warnings: [] },
          { type: 'text-delta', id: 't', delta: 'Primeras palabras' },
          { type: 'error', error: overloaded },
        ]),
      }),
    });
    await expect(ask(modelAssistant('anthropic:m', model, { vision: true }))).rejects.toBe(overloaded);
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('read any provider’s doStream the same way, failing at an error part', async () => {
    const parts = (error?: Error): LanguageModelV3StreamPart[] => [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hola' },
      ...(error ? [{ type: 'error' as const, error }] : []),
      { type: 'text-delta', id: 't', delta: ', emprendedor' },
      { type: 'text-end', id: 't' },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 3, text: 3, reasoning: undefined },
        },
      },
    ];
    const hosted = (error?: Error) =>
      modelAssistant(
        'anthropic:m',
        new MockLanguageModelV3({
          doStream: async () => ({ stream: convertArrayToReadableStream(parts(error)) }),
        }),
        { vision: true },
      );
    expect(await ask(hosted())).toEqual({
      text: 'Hola, emprendedor',
      usage: { inputTokens: 12, outputTokens: 3 },
    });
    await expect(ask(hosted(new Error('overloaded')))).rejects.toThrow('overloaded');
  });
});

describe('chat titles', () => {
  it('are one short, non-streamed request with the exchange, cleaned of quotes and the final dot', async () => {
    scripts = [{ tokens: ['"Validar la idea."'] }];
    const title = await compatible().title(
      '¿Cómo valido mi idea?',
      'Habla con diez clientes.',
      AbortSignal.timeout(5_000),
    );
    expect(title).toBe('Validar la idea');
    const body = fake.requests.at(-1)?.body;
    expect(body?.stream).toBeUndefined();
    expect(body?.max_tokens).toBe(32);
    expect(JSON.stringify(body?.messages)).toContain('Pregunta: ¿Cómo valido mi idea?');
  });

  it('are null when the model gives nothing usable', async () => {
    scripts = [{ tokens: ['  \n '] }];
    expect(await compatible().title('Hola', 'Hola', AbortSignal.timeout(5_000))).toBeNull();
  });
});

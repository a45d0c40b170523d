import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeOpenAI, startFakeOpenAI, tokenize } from '../test/fakes/openai.ts';
import { modelAssistant } from './assistant.ts';
import { openAICompatibleModel } from './openai-compatible.ts';
import { completeJson, extractJsonObject, StructuredOutputFailed } from './structured.ts';

const schema = z.object({ questions: z.array(z.string()).min(2) });
const answers: string[] = [];
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ script: () => ({ tokens: tokenize(answers.shift() ?? 'nada') }) });
});
afterAll(async () => {
  await fake?.close();
});

const assistant = () =>
  modelAssistant('openai-compatible:fake', openAICompatibleModel({ baseURL: fake.url, modelId: 'fake' }), {
    vision: false,
  });
const ask = () =>
  completeJson(assistant(), schema, {
    system: 'Sistema',
    prompt: 'Planifica',
    maxOutputTokens: 200,
    signal: new AbortController().signal,
  });

describe('structured steps without tool calling', () => {
  it('finds the JSON object in fences and prose, repairs a broken one, and finds nothing in prose', () => {
    expect(extractJsonObject('Claro:\n```json\n{"a": "}{", "b": [1]}\n```\nListo.')).toEqual({
      a: '}{',
      b: [1],
    });
    expect(extractJsonObject("{'a': [1, 2,], b: 'x'")).toEqual({ a: [1, 2], b: 'x' });
    expect(extractJsonObject('Para este negocio investigaría el mercado y los precios.')).toBeUndefined();
  });

  it('asks again with what was wrong, and takes the repaired answer', async () => {
    answers.push(
      '{"questions": ["solo una"]}',
      'Aquí tienes: {"questions": ["¿Cuántos?", "¿A qué precio?"]}',
    );
    const before = fake.requests.length;
    const result = await ask();
    expect(result.value.questions).toEqual(['¿Cuántos?', '¿A qué precio?']);
    expect(result.calls).toBe(2);
    const repair = JSON.stringify(fake.requests[before + 1]?.body.messages);
    expect(repair).toContain('Tu respuesta anterior no era válida (questions:');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('gives up after two repairs with a Spanish failure', async () => {
    answers.push('no', 'tampoco', '{"questions": []}');
    await expect(ask()).rejects.toThrow(StructuredOutputFailed);
  });
});

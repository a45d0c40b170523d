import { z } from 'zod';
import type { AnswerUsage, Assistant, CompleteRequest } from './assistant.ts';

/** A structured step whose answer stayed unusable after the repairs. */
export class StructuredOutputFailed extends Error {}

/**
 * The first JSON object in a model's text: small models wrap it in code fences or in prose, or stop
 * before the end (then nothing is found).
 */
export function extractJsonObject(text: string): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, '');
  const start = unfenced.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < unfenced.length; i++) {
    const char = unfenced[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        try {
          return JSON.parse(unfenced.slice(start, i + 1));
        } catch {
          return undefined;
        }
      }
    }
  }
  return undefined;
}

export interface StructuredResult<T> {
  value: T;
  /** Every call's usage summed, repairs included. */
  usage: AnswerUsage;
  calls: number;
}

/**
 * Asks for JSON of `schema` and checks it (architecture.md §1, issue 14: nothing depends on tool calling).
 * The in-process model is held to the schema by a grammar; an OpenAI-compatible or hosted model is asked
 * in the prompt, its answer parsed, and on a bad answer asked again with what was wrong ("repair"), up to
 * `retries` times.
 */
export async function completeJson<T>(
  assistant: Assistant,
  schema: z.ZodType<T>,
  request: Omit<CompleteRequest, 'json'>,
  retries = 2,
): Promise<StructuredResult<T>> {
  const json = z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
  const usage: AnswerUsage = { inputTokens: 0, outputTokens: 0 };
  let prompt = `${request.prompt}\n\nResponde solo con un objeto JSON válido que cumpla este esquema, sin texto antes ni después:\n${JSON.stringify(json)}`;
  for (let call = 1; ; call++) {
    const answer = await assistant.complete({ ...request, prompt, json });
    // A server that reports no usage is charged by characters (about 4 a token), its system prompt included.
    usage.inputTokens =
      (usage.inputTokens ?? 0) +
      (answer.usage.inputTokens ?? Math.ceil((request.system.length + prompt.length) / 4));
    usage.outputTokens =
      (usage.outputTokens ?? 0) + (answer.usage.outputTokens ?? Math.ceil(answer.text.length / 4));
    const parsed = schema.safeParse(extractJsonObject(answer.text));
    if (parsed.success) return { value: parsed.data, usage, calls: call };
    if (call > retries) {
      throw new StructuredOutputFailed('El modelo no devolvió datos con el formato pedido.');
    }
    const problem = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(raíz)'}: ${issue.message}`)
      .join('; ');
    prompt = `${request.prompt}\n\nTu respuesta anterior no era válida (${problem || 'no era JSON'}). Responde solo con un objeto JSON válido que cumpla este esquema, sin texto antes ni después:\n${JSON.stringify(json)}`;
  }
}

import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';
import { estimateTokens } from '../lib/estimate-tokens.ts';
import type { AnswerUsage, Assistant, CompleteRequest } from './assistant.ts';

/** A structured step whose answer stayed unusable after the repairs; `usage` is what its calls cost. */
export class StructuredOutputFailed extends Error {
  constructor(
    message: string,
    readonly usage: AnswerUsage,
  ) {
    super(message);
  }
}

/**
 * The JSON object in a model's text, repaired: small models wrap it in code fences or prose, leave a
 * trailing comma, quote with single quotes or stop before the end. `jsonrepair` (a maintained repairer)
 * fixes what can be fixed; an answer with no object at all gives nothing.
 */
export function extractJsonObject(text: string): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, '');
  const start = unfenced.indexOf('{');
  if (start < 0) return undefined;
  const end = unfenced.lastIndexOf('}');
  const candidate = unfenced.slice(start, end > start ? end + 1 : undefined);
  try {
    return JSON.parse(candidate);
  } catch {
    try {
      return JSON.parse(jsonrepair(candidate));
    } catch {
      return undefined;
    }
  }
}

export interface StructuredResult<T> {
  value: T;
  /** Every call's usage summed, repairs included. */
  usage: AnswerUsage;
  calls: number;
}

/**
 * Asks for JSON of `schema` and checks it (architecture.md §1, docs/decisions/0037; nothing depends on tool
 * calling). The schema goes through the provider's native structured output: `response_format` with the
 * JSON schema on OpenAI-compatible servers (a server that refuses it is asked without it from then on),
 * the AI SDK's JSON response format on hosted providers, a grammar for the in-process model. It is also
 * in the prompt, for servers that accept the format but do not enforce it. The answer is parsed and
 * repaired (jsonrepair), and on a bad answer the model is asked again with what was wrong, up to
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
      (usage.inputTokens ?? 0) + (answer.usage.inputTokens ?? estimateTokens(request.system + prompt));
    usage.outputTokens =
      (usage.outputTokens ?? 0) + (answer.usage.outputTokens ?? estimateTokens(answer.text));
    const parsed = schema.safeParse(extractJsonObject(answer.text));
    if (parsed.success) return { value: parsed.data, usage, calls: call };
    if (call > retries) {
      throw new StructuredOutputFailed('El modelo no devolvió datos con el formato pedido.', usage);
    }
    const problem = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(raíz)'}: ${issue.message}`)
      .join('; ');
    prompt = `${request.prompt}\n\nTu respuesta anterior no era válida (${problem || 'no era JSON'}). Responde solo con un objeto JSON válido que cumpla este esquema, sin texto antes ni después:\n${JSON.stringify(json)}`;
  }
}

import http from 'node:http';
import https from 'node:https';
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3GenerateResult,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { streamDeltas, streamParts } from './openai-compatible/answer-stream.ts';
import { finishReason, type OpenAIUsage, toUsage } from './openai-compatible/finish.ts';
import { type Endpoint, post, readAll } from './openai-compatible/post.ts';
import { requestBody } from './openai-compatible/request-body.ts';

/**
 * A lean AI SDK language model for OpenAI-compatible chat-completions servers (vLLM, Ollama, LM Studio…),
 * used instead of `@ai-sdk/openai-compatible` (ADR 0010): under many concurrent answers the official
 * provider's per-token pipeline (fetch body, SSE parser, zod validation of every chunk, several web
 * `TransformStream`s) was the largest share of the server's CPU. Here each answer is one `node:http`
 * request on a keep-alive agent, its server-sent events are read straight off the socket by
 * `eventsource-parser`'s callback parser (not its web stream) and `JSON.parse`d, and the text goes
 * into one `ReadableStream` (`doStream`) or, on the engine's path, straight to a callback
 * (`streamDeltas`). Text only: tools and non-image files are refused; a JSON schema goes as
 * `response_format` until the server refuses it (then never again to that server).
 *
 * The pieces: the request (openai-compatible/request-body.ts), the POST and its errors (post.ts), the
 * SSE reading (read-events.ts), the two ways an answer is handed on (answer-stream.ts) and the finish
 * reason and usage (finish.ts).
 */

export interface OpenAICompatibleSettings {
  /** Ends in /v1 (chat completions are at `${baseURL}/chat/completions`). */
  baseURL: string;
  modelId: string;
  apiKey?: string;
}

/** A non-streamed completion, as far as it is read (the rest is ignored). */
interface Completion {
  choices?: Array<{ message?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: OpenAIUsage | null;
}

/** A language model that can also hand an answer's text pieces straight to a callback (the engine's path). */
export interface DeltaStreamingModel extends LanguageModelV3 {
  /**
   * Streams the answer's text into `onDelta` and resolves with its usage. Rejects like `doStream` (an
   * `APICallError` when the call cannot start) or at an `error` event, a cut body or an abort.
   */
  streamDeltas(
    options: LanguageModelV3CallOptions,
    onDelta: (text: string) => void,
  ): Promise<LanguageModelV3Usage>;
}

export function streamsDeltas(model: LanguageModelV3): model is DeltaStreamingModel {
  return 'streamDeltas' in model;
}

export function openAICompatibleModel(settings: OpenAICompatibleSettings): DeltaStreamingModel {
  const url = new URL(`${settings.baseURL.replace(/\/+$/, '')}/chat/completions`);
  const client = url.protocol === 'https:' ? https : http;
  // Connections are reused across answers: a new TCP (and TLS) handshake per answer costs CPU and time.
  const endpoint: Endpoint = {
    client,
    agent: new client.Agent({ keepAlive: true }),
    url,
    apiKey: settings.apiKey,
    nativeJson: true,
  };

  return {
    specificationVersion: 'v3',
    provider: 'openai-compatible',
    modelId: settings.modelId,
    supportedUrls: {},

    doGenerate: (options) => generate(endpoint, settings.modelId, options),

    async doStream(options) {
      const body = requestBody(settings.modelId, options, true);
      const res = await post(endpoint, body, options.abortSignal);
      return { stream: streamParts(res, options.abortSignal), request: { body } };
    },

    async streamDeltas(options, onDelta) {
      const body = requestBody(settings.modelId, options, true);
      const res = await post(endpoint, body, options.abortSignal);
      return streamDeltas(res, options.abortSignal, onDelta);
    },
  };
}

/** A refusal of the request's shape (not a passing failure): the server does not take `response_format`. */
const refusesFormat = (error: unknown) =>
  APICallError.isInstance(error) &&
  error.statusCode !== undefined &&
  [400, 404, 415, 422, 501].includes(error.statusCode);

/**
 * A whole answer in one response (`stream` unset): chat titles and structured steps. A server that
 * refuses the step's `response_format` is asked again without it, and is remembered as one that refuses.
 */
async function generate(
  endpoint: Endpoint,
  modelId: string,
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3GenerateResult> {
  const native = endpoint.nativeJson && options.responseFormat?.type === 'json';
  let body = requestBody(modelId, options, false, endpoint.nativeJson);
  let res: Awaited<ReturnType<typeof post>>;
  try {
    res = await post(endpoint, body, options.abortSignal);
  } catch (error) {
    if (!native || !refusesFormat(error)) throw error;
    endpoint.nativeJson = false;
    body = requestBody(modelId, options, false, false);
    res = await post(endpoint, body, options.abortSignal);
  }
  const text = await readAll(res);
  let completion: Completion;
  try {
    completion = JSON.parse(text);
  } catch (cause) {
    throw new APICallError({
      message: 'Invalid JSON response',
      url: endpoint.url.href,
      requestBodyValues: body,
      cause,
    });
  }
  const choice = completion.choices?.[0];
  const content = choice?.message?.content;
  return {
    content: content ? [{ type: 'text', text: content }] : [],
    finishReason: finishReason(choice?.finish_reason),
    usage: toUsage(completion.usage),
    warnings: [],
    request: { body },
  };
}

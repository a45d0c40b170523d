import http from 'node:http';
import https from 'node:https';
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';

/**
 * A lean AI SDK language model for OpenAI-compatible chat-completions servers (vLLM, Ollama, LM Studio…),
 * used instead of `@ai-sdk/openai-compatible` (ADR 0010): under many concurrent answers the official
 * provider's per-token pipeline (fetch body, SSE parser, zod validation of every chunk, several web
 * `TransformStream`s) was the largest share of the server's CPU. Here each answer is one `node:http`
 * request on a keep-alive agent, its SSE `data:` lines are read straight off the socket and
 * `JSON.parse`d, and the text goes into one `ReadableStream` (`doStream`) or, on the engine's path,
 * straight to a callback (`streamDeltas`). Text only: tools, JSON mode and non-image files are refused.
 */

export interface OpenAICompatibleSettings {
  /** Ends in /v1 (chat completions are at `${baseURL}/chat/completions`). */
  baseURL: string;
  modelId: string;
  apiKey?: string;
}

/** An OpenAI chat-completions streamed chunk, as far as it is read (the rest is ignored). */
interface Chunk {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: OpenAIUsage | null;
  error?: { message?: string };
}

interface OpenAIUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}

interface Completion {
  choices?: Array<{ message?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: OpenAIUsage | null;
}

const TEXT_ID = 'txt-0';

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
  const agent = new client.Agent({ keepAlive: true });

  return {
    specificationVersion: 'v3',
    provider: 'openai-compatible',
    modelId: settings.modelId,
    supportedUrls: {},

    async doGenerate(options) {
      const body = requestBody(settings.modelId, options, false);
      const res = await post(client, agent, url, settings.apiKey, body, options.abortSignal);
      const text = await readAll(res);
      let completion: Completion;
      try {
        completion = JSON.parse(text);
      } catch (cause) {
        throw new APICallError({
          message: 'Invalid JSON response',
          url: url.href,
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
    },

    async doStream(options) {
      const body = requestBody(settings.modelId, options, true);
      const res = await post(client, agent, url, settings.apiKey, body, options.abortSignal);
      return { stream: sseParts(res, options.abortSignal), request: { body } };
    },

    async streamDeltas(options, onDelta) {
      const body = requestBody(settings.modelId, options, true);
      const res = await post(client, agent, url, settings.apiKey, body, options.abortSignal);
      return sseDeltas(res, options.abortSignal, onDelta);
    },
  };
}

function requestBody(modelId: string, options: LanguageModelV3CallOptions, stream: boolean) {
  if (options.tools?.length) throw new UnsupportedFunctionalityError({ functionality: 'tools' });
  // JSON is asked for in the prompt and checked by the caller (ai/structured.ts): servers differ in which
  // `response_format` they accept, and a refused one would fail the whole step.
  return {
    model: modelId,
    messages: toOpenAIMessages(options.prompt),
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    stop: options.stopSequences,
    // Without it streamed answers carry no usage (architecture.md §9).
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  };
}

/** The AI SDK prompt as OpenAI chat messages: text, and images as data URLs (or their URL). */
export function toOpenAIMessages(prompt: LanguageModelV3Prompt) {
  return prompt.map((message) => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'assistant':
        return {
          role: 'assistant',
          content: message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
        };
      case 'user': {
        const [only] = message.content;
        if (message.content.length === 1 && only?.type === 'text')
          return { role: 'user', content: only.text };
        return {
          role: 'user',
          content: message.content.map((part) => {
            if (part.type === 'text') return { type: 'text', text: part.text };
            if (!part.mediaType.startsWith('image/')) {
              throw new UnsupportedFunctionalityError({
                functionality: `file part of type ${part.mediaType}`,
              });
            }
            const mediaType = part.mediaType === 'image/*' ? 'image/jpeg' : part.mediaType;
            const imageUrl =
              part.data instanceof URL
                ? part.data.href
                : `data:${mediaType};base64,${typeof part.data === 'string' ? part.data : Buffer.from(part.data).toString('base64')}`;
            return { type: 'image_url', image_url: { url: imageUrl } };
          }),
        };
      }
      default:
        throw new UnsupportedFunctionalityError({ functionality: 'tool messages' });
    }
  });
}

/**
 * POSTs the request and resolves with the response once its status is 2xx. A failure to connect, a
 * reset connection, 408, 409, 429 and 5xx are retryable `APICallError`s (as the official providers
 * report them); an abort rejects with the signal's reason.
 */
function post(
  client: typeof http | typeof https,
  agent: http.Agent,
  url: URL,
  apiKey: string | undefined,
  body: object,
  signal: AbortSignal | undefined,
): Promise<http.IncomingMessage> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const req = client.request(url, {
      method: 'POST',
      agent,
      signal,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      },
    });
    req.on('error', (cause) => {
      if (signal?.aborted) return reject(signal.reason);
      reject(
        new APICallError({
          message: `Cannot connect to the model server: ${cause.message}`,
          url: url.href,
          requestBodyValues: body,
          cause,
          isRetryable: true,
        }),
      );
    });
    req.once('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) return resolve(res);
      readAll(res).then(
        (text) => {
          let message = `${status} ${res.statusMessage ?? ''}`.trim();
          try {
            message = JSON.parse(text).error?.message ?? message;
          } catch {
            // Not JSON: the status says it.
          }
          reject(
            new APICallError({
              message,
              url: url.href,
              requestBodyValues: body,
              statusCode: status,
              responseHeaders: res.headers as Record<string, string>,
              responseBody: text,
              isRetryable: status === 408 || status === 409 || status === 429 || status >= 500,
            }),
          );
        },
        (error) => reject(signal?.aborted ? signal.reason : error),
      );
    });
    req.end(payload);
  });
}

function readAll(res: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (part: string) => {
      text += part;
    });
    res.once('end', () => resolve(text));
    res.on('error', reject);
  });
}

/** What `readEvents` reports as it reads a streamed completion. */
interface EventSink {
  delta(text: string): void;
  /** An `error` event or an unreadable one; reading goes on (the stream decides what it means). */
  error(error: Error): void;
  end(reason: string | null | undefined, usage: OpenAIUsage | null | undefined): void;
  /** The body was cut short (a broken connection, an abort): nothing more is reported. */
  fail(error: unknown): void;
}

/**
 * Reads the response's server-sent events straight off the socket into `sink`. Returns a function that
 * stops reading and drops the connection.
 */
function readEvents(res: http.IncomingMessage, signal: AbortSignal | undefined, sink: EventSink): () => void {
  let pending = '';
  let data = '';
  let done = false;
  let usage: OpenAIUsage | null | undefined;
  let reason: string | null | undefined;

  const end = () => {
    if (done) return;
    done = true;
    sink.end(reason, usage);
  };
  const dispatch = (payload: string) => {
    if (payload === '[DONE]') return end();
    let chunk: Chunk;
    try {
      chunk = JSON.parse(payload);
    } catch (cause) {
      return sink.error(new Error('invalid JSON in the model stream', { cause }));
    }
    if (chunk.error) return sink.error(new Error(chunk.error.message ?? 'the model server failed'));
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) reason = choice.finish_reason;
    const delta = choice.delta?.content;
    if (delta) sink.delta(delta);
  };
  // SSE: `data:` lines accumulate until a blank line ends the event; other fields and comments are ignored.
  const onData = (part: string) => {
    pending += part;
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1 && !done; end = pending.indexOf('\n', start)) {
      let line = pending.slice(start, end);
      start = end + 1;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data) dispatch(data);
        data = '';
      } else if (line.startsWith('data:')) {
        const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
        data = data ? `${data}\n${value}` : value;
      }
    }
    pending = pending.slice(start);
  };
  const stop = () => {
    done = true;
    res.destroy();
  };

  res.setEncoding('utf8');
  res.on('data', onData);
  res.once('end', () => {
    if (data && !done) dispatch(data);
    // A server that ends the body without `[DONE]` still ended the answer.
    end();
  });
  const fail = (error: unknown) => {
    if (done) return;
    stop();
    sink.fail(signal?.aborted ? signal.reason : error);
  };
  res.on('error', fail);
  res.once('close', () => {
    if (!res.complete) fail(new Error('the model stream was cut'));
  });
  return stop;
}

/**
 * The response as AI SDK stream parts: `text-delta`s, then `finish` with the usage of the final usage
 * chunk. An `error` event becomes an `error` part; a body cut short errors the stream.
 */
function sseParts(
  res: http.IncomingMessage,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV3StreamPart> {
  let stop = () => {};
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      let textStarted = false;
      controller.enqueue({ type: 'stream-start', warnings: [] });
      stop = readEvents(res, signal, {
        delta(delta) {
          if (!textStarted) {
            textStarted = true;
            controller.enqueue({ type: 'text-start', id: TEXT_ID });
          }
          controller.enqueue({ type: 'text-delta', id: TEXT_ID, delta });
        },
        error: (error) => controller.enqueue({ type: 'error', error }),
        end(reason, usage) {
          if (textStarted) controller.enqueue({ type: 'text-end', id: TEXT_ID });
          controller.enqueue({ type: 'finish', finishReason: finishReason(reason), usage: toUsage(usage) });
          controller.close();
        },
        fail: (error) => controller.error(error),
      });
    },
    cancel() {
      stop();
    },
  });
}

/**
 * The response's text pieces straight to `onDelta`, without a web stream in between (one promise and a
 * few stream objects less per token: that was the model client's share of the server's CPU under load).
 * Resolves with the usage at the end; rejects at an `error` event, a cut body or an abort.
 */
function sseDeltas(
  res: http.IncomingMessage,
  signal: AbortSignal | undefined,
  onDelta: (text: string) => void,
): Promise<LanguageModelV3Usage> {
  return new Promise((resolve, reject) => {
    const stop = readEvents(res, signal, {
      delta: onDelta,
      error(error) {
        stop();
        reject(error);
      },
      end: (_reason, usage) => resolve(toUsage(usage)),
      fail: reject,
    });
  });
}

function finishReason(raw: string | null | undefined): LanguageModelV3FinishReason {
  const unified =
    raw === 'stop'
      ? 'stop'
      : raw === 'length'
        ? 'length'
        : raw === 'content_filter'
          ? 'content-filter'
          : raw === 'tool_calls' || raw === 'function_call'
            ? 'tool-calls'
            : 'other';
  return { unified, raw: raw ?? undefined };
}

function toUsage(usage: OpenAIUsage | null | undefined): LanguageModelV3Usage {
  const input = usage?.prompt_tokens;
  const cached = usage?.prompt_tokens_details?.cached_tokens;
  const output = usage?.completion_tokens;
  const reasoning = usage?.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: {
      total: input,
      noCache: input === undefined ? undefined : input - (cached ?? 0),
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: {
      total: output,
      text: output === undefined ? undefined : output - (reasoning ?? 0),
      reasoning,
    },
  };
}

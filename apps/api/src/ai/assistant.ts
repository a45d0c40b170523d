import fs from 'node:fs';
import path from 'node:path';
import {
  APICallError,
  type JSONSchema7,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3Message,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { Env } from '../env.ts';
import { modelCallDuration, modelCallErrors, modelErrorKind } from '../lib/metrics.ts';
import type { Logger } from '../logger.ts';
import { demoModel } from './demo-model.ts';
import { nodeLlamaCppInstalled } from './local-model.ts';
import { openAICompatibleModel, streamsDeltas } from './openai-compatible.ts';
import { cleanTitle, titlePrompt } from './prompts/title.es.ts';

/** The only code that calls models (architecture.md §2). */

export interface AnswerRequest {
  system: string;
  messages: LanguageModelV3Message[];
  signal: AbortSignal;
  /** Called with each piece of text as the model produces it. */
  onDelta(text: string): void;
}

export interface AnswerUsage {
  inputTokens: number | null;
  outputTokens: number | null;
}

export interface CompleteRequest {
  system: string;
  prompt: string;
  maxOutputTokens: number;
  signal: AbortSignal;
  /**
   * Asks for JSON of this shape through the provider's structured output (a grammar in-process,
   * `response_format` on OpenAI-compatible servers, the SDK's JSON format on hosted ones); the caller
   * still checks and repairs the answer (ai/structured.ts).
   */
  json?: Record<string, unknown>;
}

export interface Assistant {
  /** 'provider:model', or null when no model is configured (answers say so and charge nothing). */
  readonly label: string | null;
  /** Whether images are sent to the model as image parts. */
  readonly vision: boolean;
  /** AI_PROVIDER=demo: answers are scripted examples, so research makes no use of them (mode none). */
  readonly demo?: boolean;
  /** Streams an answer through `onDelta`; resolves with its usage, rejects on failure or abort. */
  answer(request: AnswerRequest): Promise<AnswerUsage>;
  /** One whole (not streamed) answer to a single prompt, with its usage: research steps. */
  complete(request: CompleteRequest): Promise<{ text: string; usage: AnswerUsage }>;
  /** A short Spanish title for a chat from its first exchange; null when the model gives none. */
  title(question: string, answer: string, signal: AbortSignal): Promise<string | null>;
  close(): Promise<void>;
}

export const DEFAULT_MODELS = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-haiku-4-5',
  google: 'gemini-2.5-flash',
} as const;

/** Where `npm run model:download` puts models, and where a model is looked for without AI_PROVIDER. */
export function modelsDir(env: Env): string {
  return path.join(env.DATA_DIR, 'models');
}

/** The GGUF file the local provider runs: LOCAL_MODEL_PATH, else the first one in $DATA_DIR/models. */
export function localModelFile(env: Env): string | null {
  if (env.LOCAL_MODEL_PATH) return path.resolve(env.LOCAL_MODEL_PATH);
  try {
    const found = fs
      .readdirSync(modelsDir(env))
      .filter((f) => f.endsWith('.gguf'))
      .sort();
    return found[0] ? path.join(modelsDir(env), found[0]) : null;
  } catch {
    return null;
  }
}

export const CONFIGURE_HINT =
  'No AI model is configured: chat answers will say that the assistant is not configured and charge nothing. ' +
  'Set AI_PROVIDER (openai, anthropic, google or openai-compatible) with AI_API_KEY / AI_BASE_URL / AI_MODEL, ' +
  'or run `npm run model:download` to use a small local model (AI_PROVIDER=local).';

/** An assistant over an AI SDK language model (a provider object, never a bare model string). */
export function modelAssistant(
  label: string,
  model: LanguageModelV3 | (() => Promise<LanguageModelV3>),
  options: { vision: boolean; demo?: boolean; close?: () => Promise<void> },
): Assistant {
  let resolved: Promise<LanguageModelV3> | undefined;
  const getModel = () => {
    resolved ??= typeof model === 'function' ? model() : Promise.resolve(model);
    return resolved;
  };
  return {
    label,
    vision: options.vision,
    ...(options.demo ? { demo: true } : {}),
    /**
     * The provider model's own stream, without `streamText`'s layers: per-chunk work is what costs under
     * many concurrent answers (ADR 0010), and only the text and usage are needed.
     */
    async answer({ system, messages, signal, onDelta }) {
      const current = await getModel();
      const options: LanguageModelV3CallOptions = {
        prompt: [{ role: 'system', content: system }, ...messages],
        abortSignal: signal,
      };
      let started = false;
      const delta = (text: string) => {
        started = true;
        if (text) onDelta(text);
      };
      const stream = () =>
        streamsDeltas(current) ? current.streamDeltas(options, delta) : deltasOf(current, options, delta);
      let usage: LanguageModelV3Usage | undefined;
      try {
        usage = await stream();
      } catch (error) {
        // One retry when the call could not start for a passing reason (429, 5xx, a reset connection).
        if (started || signal.aborted || !(APICallError.isInstance(error) && error.isRetryable)) throw error;
        usage = await stream();
      }
      if (signal.aborted) throw signal.reason;
      return {
        inputTokens: usage?.inputTokens.total ?? null,
        outputTokens: usage?.outputTokens.total ?? null,
      };
    },
    async complete({ system, prompt, maxOutputTokens, signal, json }) {
      const current = await getModel();
      const options: LanguageModelV3CallOptions = {
        prompt: [
          { role: 'system', content: system },
          { role: 'user', content: [{ type: 'text', text: prompt }] },
        ],
        maxOutputTokens,
        abortSignal: signal,
        ...(json ? { responseFormat: { type: 'json' as const, schema: json as JSONSchema7 } } : {}),
      };
      const generate = () => current.doGenerate(options);
      let result: Awaited<ReturnType<typeof generate>>;
      try {
        result = await generate();
      } catch (error) {
        if (signal.aborted || !(APICallError.isInstance(error) && error.isRetryable)) throw error;
        result = await generate();
      }
      return {
        text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
        usage: {
          inputTokens: result.usage.inputTokens.total ?? null,
          outputTokens: result.usage.outputTokens.total ?? null,
        },
      };
    },
    /** Straight through the model's `doGenerate`: `generateText`'s validation and layers cost more than the call. */
    async title(question, answer, signal) {
      const { content } = await (await getModel()).doGenerate({
        prompt: [{ role: 'user', content: [{ type: 'text', text: titlePrompt(question, answer) }] }],
        maxOutputTokens: 32,
        abortSignal: signal,
      });
      return cleanTitle(content.map((part) => (part.type === 'text' ? part.text : '')).join(''));
    },
    close: options.close ?? (async () => {}),
  };
}

/** A provider model's `doStream`, read into `onDelta`; resolves with the usage of its `finish` part. */
async function deltasOf(
  model: LanguageModelV3,
  options: LanguageModelV3CallOptions,
  onDelta: (text: string) => void,
): Promise<LanguageModelV3Usage | undefined> {
  const reader = (await model.doStream(options)).stream.getReader();
  let usage: LanguageModelV3Usage | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'text-delta') onDelta(value.delta);
      else if (value.type === 'error') throw value.error;
      else if (value.type === 'finish') usage = value.usage;
    }
  } finally {
    reader.releaseLock();
  }
  return usage;
}

export function unconfiguredAssistant(): Assistant {
  return {
    label: null,
    vision: false,
    answer: () => Promise.reject(new Error('no AI model is configured')),
    complete: () => Promise.reject(new Error('no AI model is configured')),
    title: async () => null,
    close: async () => {},
  };
}

/** Builds the assistant the environment asks for (architecture.md §4, ADR 0010) and logs which one. */
export function createAssistant(env: Env, logger: Logger): Assistant {
  const provider = env.AI_PROVIDER ?? (localModelFile(env) ? 'local' : undefined);
  const vision = (fallback: boolean) => (env.AI_VISION ? env.AI_VISION === 'true' : fallback);
  // The providers' SDKs are loaded at the first call to the model, only the one configured (ADR 0027); a
  // failed load fails that call as the model's own failure would.
  const settings = { apiKey: env.AI_API_KEY, baseURL: env.AI_BASE_URL };
  let assistant: Assistant;
  switch (provider) {
    case 'openai': {
      const modelId = env.AI_MODEL ?? DEFAULT_MODELS.openai;
      const model = async () => (await import('@ai-sdk/openai')).createOpenAI(settings)(modelId);
      assistant = modelAssistant(`openai:${modelId}`, model, { vision: vision(true) });
      break;
    }
    case 'anthropic': {
      const modelId = env.AI_MODEL ?? DEFAULT_MODELS.anthropic;
      const model = async () => (await import('@ai-sdk/anthropic')).createAnthropic(settings)(modelId);
      assistant = modelAssistant(`anthropic:${modelId}`, model, { vision: vision(true) });
      break;
    }
    case 'google': {
      const modelId = env.AI_MODEL ?? DEFAULT_MODELS.google;
      const model = async () => (await import('@ai-sdk/google')).createGoogleGenerativeAI(settings)(modelId);
      assistant = modelAssistant(`google:${modelId}`, model, { vision: vision(true) });
      break;
    }
    case 'openai-compatible': {
      const modelId = env.AI_MODEL as string;
      // Our own lean model rather than @ai-sdk/openai-compatible: its per-token work dominated the CPU (ADR 0010).
      const compatible = openAICompatibleModel({
        baseURL: env.AI_BASE_URL as string,
        modelId,
        apiKey: env.AI_API_KEY,
      });
      assistant = modelAssistant(`openai-compatible:${modelId}`, compatible, {
        vision: vision(false),
      });
      break;
    }
    case 'demo':
      assistant = modelAssistant('demo:mentor-de-ejemplo', demoModel(), { vision: false, demo: true });
      break;
    case 'local': {
      const file = localModelFile(env);
      if (!file) {
        logger.error(
          'AI_PROVIDER=local but no model was found: set LOCAL_MODEL_PATH to a .gguf file or run `npm run model:download`.',
        );
        return unconfiguredAssistant();
      }
      if (!nodeLlamaCppInstalled()) {
        logger.error(
          `A local model is configured (${file}) but node-llama-cpp is not installed: run \`npm run model:download -- --runtime-only\`.`,
        );
        return unconfiguredAssistant();
      }
      assistant = localAssistant(file, logger);
      break;
    }
    default:
      logger.warn(CONFIGURE_HINT);
      return unconfiguredAssistant();
  }
  logger.info({ model: assistant.label, vision: assistant.vision }, 'AI model configured');
  return measured(assistant);
}

/**
 * The assistant with its calls timed and their failures counted by kind (lib/metrics.ts). A call its
 * caller aborted (the user's stop, a shutdown) is neither: the model did not fail.
 */
function measured(assistant: Assistant): Assistant {
  const time = async <T>(
    call: string,
    signal: AbortSignal | undefined,
    run: () => Promise<T>,
  ): Promise<T> => {
    const end = modelCallDuration.startTimer({ call });
    try {
      const result = await run();
      end({ result: 'ok' });
      return result;
    } catch (error) {
      if (!signal?.aborted || signal.reason instanceof DOMException) {
        end({ result: 'error' });
        modelCallErrors.inc({ kind: modelErrorKind(error), call });
      }
      throw error;
    }
  };
  return {
    ...assistant,
    answer: (request) => time('answer', request.signal, () => assistant.answer(request)),
    complete: (request) => time('complete', request.signal, () => assistant.complete(request)),
    title: (question, answer, signal) =>
      time('title', signal, () => assistant.title(question, answer, signal)),
  };
}

/**
 * node-llama-cpp is optional (ADR 0010): it is imported only when the local provider is used, and a
 * missing package is reported as such.
 */
function localAssistant(file: string, logger: Logger): Assistant {
  let closeModel: (() => Promise<void>) | undefined;
  return modelAssistant(
    `local:${path.basename(file)}`,
    async () => {
      const { loadLocalModel } = await import('./local-model.ts');
      const loaded = await loadLocalModel(file, logger);
      closeModel = loaded.close;
      return loaded.model;
    },
    { vision: false, close: async () => closeModel?.() },
  );
}

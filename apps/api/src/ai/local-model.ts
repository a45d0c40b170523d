import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  LanguageModelV3,
  LanguageModelV3Message,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { Logger } from '../logger.ts';
import { REPO_ROOT } from '../paths.ts';

/**
 * AI_PROVIDER=local: a GGUF model run in this process by node-llama-cpp, behind the AI SDK's
 * LanguageModelV3 interface (so the engine treats it like any provider). node-llama-cpp is not part of
 * the default install (ADR 0010: its binaries weigh about 725 MB): `npm run model:download` installs it
 * into LOCAL_AI_RUNTIME_DIR, and it is loaded from there (or from node_modules, when installed there).
 */

export const LOCAL_AI_RUNTIME_DIR = path.join(REPO_ROOT, '.local-ai');
export const NODE_LLAMA_CPP_VERSION = '3.22.1';

/** The parts of node-llama-cpp used here (its types are not available without the package). */
interface ChatHistoryItem {
  type: 'system' | 'user' | 'model';
  text?: string;
  response?: string[];
}
interface LlamaSequence {
  tokenMeter: { usedInputTokens: number; usedOutputTokens: number };
  clearHistory(): Promise<void>;
}
interface LlamaChatSessionLike {
  setChatHistory(history: ChatHistoryItem[]): void;
  prompt(
    text: string,
    options: {
      onTextChunk(text: string): void;
      signal?: AbortSignal;
      maxTokens?: number;
      temperature?: number;
      grammar?: unknown;
    },
  ): Promise<string>;
  dispose(options?: { disposeSequence?: boolean }): void;
}
interface NodeLlamaCpp {
  getLlama(options: { gpu: 'auto' | false; build: 'never' }): Promise<{
    gpu: string | false;
    createGrammarForJsonSchema(schema: unknown): Promise<unknown>;
    loadModel(options: { modelPath: string }): Promise<{
      trainContextSize: number;
      createContext(options: { contextSize: number; threads: number }): Promise<{
        getSequence(): LlamaSequence;
        dispose(): Promise<void>;
      }>;
      dispose(): Promise<void>;
    }>;
    dispose(): Promise<void>;
  }>;
  LlamaChatSession: new (options: { contextSequence: LlamaSequence }) => LlamaChatSessionLike;
  /** Its downloader (ipull underneath): resumes a partial file, draws the progress, skips a complete one. */
  createModelDownloader(options: {
    modelUri: string;
    dirPath: string;
    fileName?: string;
    showCliProgress?: boolean;
  }): Promise<{ download(): Promise<string> }>;
}

/** Whether node-llama-cpp can be loaded (from node_modules or the runtime folder), without loading it. */
export function nodeLlamaCppInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('node-llama-cpp/package.json');
    return true;
  } catch {
    return fs.existsSync(path.join(LOCAL_AI_RUNTIME_DIR, 'node_modules', 'node-llama-cpp', 'package.json'));
  }
}

/** node-llama-cpp from node_modules, else from the runtime folder `npm run model:download` fills. */
export async function importNodeLlamaCpp(): Promise<NodeLlamaCpp | null> {
  const name = 'node-llama-cpp';
  try {
    return (await import(name)) as NodeLlamaCpp;
  } catch {
    // Not installed with the project: look in the runtime folder.
  }
  const entry = path.join(LOCAL_AI_RUNTIME_DIR, 'node_modules', name, 'dist', 'index.js');
  if (!fs.existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as NodeLlamaCpp;
}

const MAX_CONTEXT = 8_192;
const MAX_ANSWER_TOKENS = 2_048;

function textOf(message: LanguageModelV3Message): string {
  if (message.role === 'system') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

/** Loads the model once; answers one at a time (one context on a CPU or a small GPU). */
export async function loadLocalModel(
  file: string,
  logger: Logger,
): Promise<{ model: LanguageModelV3; close: () => Promise<void> }> {
  const lib = await importNodeLlamaCpp();
  if (!lib) {
    throw new Error(
      'AI_PROVIDER=local needs node-llama-cpp, which is not installed: run `npm run model:download` (it installs it and a model).',
    );
  }
  if (!fs.existsSync(file)) throw new Error(`the local model file does not exist: ${file}`);
  const started = performance.now();
  const llama = await lib.getLlama({ gpu: 'auto', build: 'never' });
  const loaded = await llama.loadModel({ modelPath: file });
  const context = await loaded.createContext({
    contextSize: Math.min(MAX_CONTEXT, loaded.trainContextSize),
    // One core stays free for the server's event loop: llama.cpp's threads spin while they wait, and
    // on a busy machine a thread per core slows generation a hundredfold.
    threads: Math.max(1, os.availableParallelism() - 1),
  });
  const sequence = context.getSequence();
  logger.info(
    { model: path.basename(file), gpu: llama.gpu || 'cpu', ms: Math.round(performance.now() - started) },
    'local model loaded',
  );

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `work` after the answers before it: the context has one sequence. */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  async function generate(
    prompt: LanguageModelV3Message[],
    signal: AbortSignal | undefined,
    maxTokens: number | undefined,
    onText: (text: string) => void,
    jsonSchema?: unknown,
  ): Promise<LanguageModelV3Usage> {
    return exclusive(async () => {
      signal?.throwIfAborted();
      // Structured steps (research) get a grammar built from their JSON schema: a small model then
      // cannot answer anything but JSON of that shape.
      const grammar = jsonSchema ? await llama.createGrammarForJsonSchema(jsonSchema) : undefined;
      const history: ChatHistoryItem[] = [];
      for (const message of prompt.slice(0, -1)) {
        if (message.role === 'system') history.push({ type: 'system', text: textOf(message) });
        else if (message.role === 'user') history.push({ type: 'user', text: textOf(message) });
        else if (message.role === 'assistant') history.push({ type: 'model', response: [textOf(message)] });
      }
      const last = prompt.at(-1);
      const question = last ? textOf(last) : '';
      const inputBefore = sequence.tokenMeter.usedInputTokens;
      const outputBefore = sequence.tokenMeter.usedOutputTokens;
      const session = new (lib as NodeLlamaCpp).LlamaChatSession({ contextSequence: sequence });
      try {
        session.setChatHistory(history);
        await session.prompt(question, {
          onTextChunk: onText,
          signal,
          maxTokens: maxTokens ?? MAX_ANSWER_TOKENS,
          temperature: 0,
          ...(grammar ? { grammar } : {}),
        });
      } finally {
        session.dispose({ disposeSequence: false });
        await sequence.clearHistory();
      }
      const input = sequence.tokenMeter.usedInputTokens - inputBefore;
      const output = sequence.tokenMeter.usedOutputTokens - outputBefore;
      return {
        inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: output, text: output, reasoning: undefined },
      };
    });
  }

  const model: LanguageModelV3 = {
    specificationVersion: 'v3',
    provider: 'local',
    modelId: path.basename(file),
    supportedUrls: {},
    async doGenerate(options) {
      let text = '';
      const schema = options.responseFormat?.type === 'json' ? options.responseFormat.schema : undefined;
      const usage = await generate(
        options.prompt,
        options.abortSignal,
        options.maxOutputTokens,
        (chunk) => {
          text += chunk;
        },
        schema,
      );
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
    async doStream(options) {
      let controller!: ReadableStreamDefaultController<LanguageModelV3StreamPart>;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(c) {
          controller = c;
        },
      });
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({ type: 'text-start', id: 'text' });
      generate(options.prompt, options.abortSignal, options.maxOutputTokens, (delta) =>
        controller.enqueue({ type: 'text-delta', id: 'text', delta }),
      ).then(
        (usage) => {
          controller.enqueue({ type: 'text-end', id: 'text' });
          controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } });
          controller.close();
        },
        (error) => controller.error(error),
      );
      return { stream };
    },
  };

  return {
    model,
    close: async () => {
      await queue;
      await context.dispose();
      await loaded.dispose();
      await llama.dispose();
    },
  };
}

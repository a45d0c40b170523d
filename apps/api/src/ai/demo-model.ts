import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { estimateTokens } from '../lib/estimate-tokens.ts';
import {
  type DemoFile,
  type DemoProfile,
  type DemoTask,
  demoAnswer,
  demoTopic,
} from './prompts/demo-answers.es.ts';
import { demoResearchAnswer, isResearchPrompt } from './prompts/demo-research.es.ts';

/**
 * `AI_PROVIDER=demo` (README): a scripted Spanish mentor, so that the app can be tried without a model
 * or a key. It is an AI SDK language model like the real providers, so the chat engine, credits and
 * stop work exactly as with them: it reads the business's profile from the mentor's system prompt and
 * the question's files from their block, picks an answer by the question's keywords (prompts/demo-answers.es.ts),
 * words it differently when the same question is asked again, and streams it a few words at a time.
 * The web says on every screen that these answers are examples (public config `demo`).
 */

export interface DemoModelOptions {
  /** Pause between chunks, in ms (a random value in this range); tests use [0, 0]. */
  delayMs?: readonly [number, number];
}

const DEFAULT_DELAY_MS = [15, 50] as const;

/** A line of the business profile in the mentor's system prompt (ai/prompts/mentor.es.ts). */
function profileLine(system: string, label: string): string {
  return new RegExp(`^${label}: (.+)$`, 'm').exec(system)?.[1]?.trim() ?? '';
}

/** The open tasks of the roadmap block (ai/prompts/roadmap-context.es.ts): '- [Estado] título (dónde; …)'. */
function openTasksOf(system: string): DemoTask[] {
  const block =
    /^Hoja de ruta del emprendedor: tareas abiertas, en orden:\n([\s\S]*?)(?:\n\n|\nHechas en)/m.exec(
      system,
    )?.[1] ?? '';
  const tasks: DemoTask[] = [];
  for (const line of block.split('\n')) {
    // The title is greedy: the where is the last parenthesis that closes the line (a title may hold others).
    const match =
      /^- \[([^\]]+)\] (.+) \(([^;()]+?)(?:; para el (\d{4}-\d{2}-\d{2}))?(?:; hecha cuando: .*)?\)$/.exec(
        line,
      );
    if (!match) continue;
    const [, status = '', title = '', where = '', due] = match;
    tasks.push({ status, title, where: due ? `${where}, para el ${due}` : where });
  }
  return tasks;
}

/** The business as the prompt describes it (the mentor's system prompt, or a research step's <perfil>). */
function profileOf(prompt: LanguageModelV3Prompt): DemoProfile {
  const system = promptText(prompt);
  const description = profileLine(system, 'Descripción');
  const firstSentence = description.split(/(?<=[.!?])\s/)[0] ?? '';
  const does = firstSentence.length > 90 ? `${firstSentence.slice(0, 87).trimEnd()}…` : firstSentence;
  const teamSize = Number.parseInt(profileLine(system, 'Tamaño del equipo'), 10);
  return {
    name: profileLine(system, 'Nombre') || 'tu negocio',
    country: profileLine(system, 'Ubicación'),
    does: does.replace(/\.$/, '') || 'lo que ofreces',
    goal: profileLine(system, 'Objetivo').replace(/^—$/, '') || 'crecer de forma sostenible',
    idea: /^idea/.test(profileLine(system, 'Etapa')),
    teamSize: Number.isFinite(teamSize) ? teamSize : null,
    openTasks: openTasksOf(system),
  };
}

function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== 'user') continue;
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

/** The question without its files' block, and the files with the first words read from each. */
function questionAndFiles(text: string): { question: string; files: DemoFile[] } {
  const files: DemoFile[] = [];
  for (const match of text.matchAll(/<archivo nombre="([^"]*)">\n([\s\S]*?)\n<\/archivo>/g)) {
    const body = (match[2] ?? '').trim();
    const unread = body.startsWith('[');
    const words = body.replace(/\s+/g, ' ');
    files.push({
      name: match[1] ?? '',
      excerpt:
        unread || words === '' ? null : words.length > 140 ? `${words.slice(0, 137).trimEnd()}…` : words,
    });
  }
  return { question: text.replace(/<adjuntos>[\s\S]*<\/adjuntos>/, '').trim(), files };
}

/** Pieces of one to three words (with their spaces), as a model's tokens arrive. */
function chunksOf(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; ) {
    const size = 1 + (i % 3);
    chunks.push(words.slice(i, i + size).join(''));
    i += size;
  }
  return chunks;
}

function usageOf(promptText: string, output: string): LanguageModelV3Usage {
  return {
    inputTokens: {
      total: estimateTokens(promptText),
      noCache: estimateTokens(promptText),
      cacheRead: 0,
      cacheWrite: 0,
    },
    outputTokens: { total: estimateTokens(output), text: estimateTokens(output), reasoning: 0 },
  };
}

const promptText = (prompt: LanguageModelV3Prompt) =>
  prompt
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : m.content
            .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
            .join(''),
    )
    .join('\n');

/**
 * What the scripted mentor says to a prompt: the answer, or a chat title when asked for one. `asked`
 * counts how often each prompt was answered, so that the same question asked again ('Regenerar') is
 * worded differently.
 */
function reply(prompt: LanguageModelV3Prompt, asked: Map<string, number>): string {
  const text = lastUserText(prompt);
  // The title prompt (ai/prompts/title.es.ts) quotes the first question after 'Pregunta:'.
  const titled = /^Pregunta: ([\s\S]*?)\n\nRespuesta:/m.exec(text)?.[1];
  if (titled !== undefined) return demoTopic(titled).title;
  const system = prompt.find((m) => m.role === 'system')?.content ?? '';
  if (isResearchPrompt(system)) return demoResearchAnswer(text, profileOf(prompt));
  const key = promptText(prompt);
  const variant = asked.get(key) ?? 0;
  asked.set(key, variant + 1);
  // A process keeps only the latest prompts' counts.
  if (asked.size > 500) asked.delete(asked.keys().next().value as string);
  const { question, files } = questionAndFiles(text);
  return demoAnswer(question, profileOf(prompt), files, variant);
}

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function demoModel(options: DemoModelOptions = {}): LanguageModelV3 {
  const [min, max] = options.delayMs ?? DEFAULT_DELAY_MS;
  const pause = () => min + Math.random() * (max - min);
  const asked = new Map<string, number>();
  return {
    specificationVersion: 'v3',
    provider: 'demo',
    modelId: 'mentor-de-ejemplo',
    supportedUrls: {},
    async doGenerate(call: LanguageModelV3CallOptions) {
      const text = reply(call.prompt, asked);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageOf(promptText(call.prompt), text),
        warnings: [],
      };
    },
    async doStream(call: LanguageModelV3CallOptions) {
      const text = reply(call.prompt, asked);
      const signal = call.abortSignal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          try {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 'demo' });
            for (const delta of chunksOf(text)) {
              await wait(pause(), signal);
              controller.enqueue({ type: 'text-delta', id: 'demo', delta });
            }
            controller.enqueue({ type: 'text-end', id: 'demo' });
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'stop', raw: 'stop' },
              usage: usageOf(promptText(call.prompt), text),
            });
            controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      });
      return { stream };
    },
  };
}

import type { LanguageModelV3Message } from '@ai-sdk/provider';
import { estimateTokens } from '../lib/estimate-tokens.ts';
import { type AttachmentForPrompt, attachmentsBlock } from './prompts/attachments.es.ts';

/** Tokens of chat history given to the model (the system prompt and attachments come on top). */
export const HISTORY_TOKEN_BUDGET = 6_000;
/** Attachment text of an earlier message, when it is still within the history budget. */
const PAST_ATTACHMENT_BUDGET = 4_000;

export interface PromptMessage {
  sender: 'user' | 'ai_model';
  content: string;
  attachments: AttachmentForPrompt[];
  /** Image bytes, given only for the message being answered and only to vision models. */
  images?: Array<{ data: Uint8Array; mediaType: string }>;
}

function userText(message: PromptMessage, budget: number | undefined, imagesVisible: boolean): string {
  const block = attachmentsBlock(message.attachments, { budget, imagesVisible });
  if (!block) return message.content;
  return message.content.trim() ? `${message.content}\n\n${block}` : block;
}

/**
 * The conversation for the model: the newest messages that fit in `budget` tokens (the oldest go
 * first), always including the last one (the question being answered). The last message carries its
 * attachments' full text budget and, for vision models, its images.
 */
export function toModelMessages(
  history: PromptMessage[],
  options: { imagesVisible: boolean; budget?: number },
): LanguageModelV3Message[] {
  const budget = options.budget ?? HISTORY_TOKEN_BUDGET;
  const texts = history.map((message, index) =>
    message.sender === 'user'
      ? userText(
          message,
          index === history.length - 1 ? undefined : PAST_ATTACHMENT_BUDGET,
          options.imagesVisible && index === history.length - 1,
        )
      : message.content,
  );
  let used = 0;
  let first = history.length - 1;
  for (let i = history.length - 2; i >= 0; i--) {
    const cost = estimateTokens(texts[i] ?? '');
    if (used + cost > budget) break;
    used += cost;
    first = i;
  }
  // A conversation for the model starts with the user.
  while (first < history.length - 1 && history[first]?.sender !== 'user') first++;

  const out: LanguageModelV3Message[] = [];
  for (let i = Math.max(0, first); i < history.length; i++) {
    const message = history[i] as PromptMessage;
    const text = texts[i] ?? '';
    if (message.sender === 'ai_model') {
      out.push({ role: 'assistant', content: [{ type: 'text', text }] });
      continue;
    }
    const images = options.imagesVisible && i === history.length - 1 ? (message.images ?? []) : [];
    out.push({
      role: 'user',
      content: [
        { type: 'text', text },
        ...images.map((image) => ({ type: 'file' as const, data: image.data, mediaType: image.mediaType })),
      ],
    });
  }
  return out;
}

import type { LanguageModelV3FinishReason, LanguageModelV3Usage } from '@ai-sdk/provider';

/** The usage an OpenAI-compatible server reports, as far as it is read. */
export interface OpenAIUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}

export function finishReason(raw: string | null | undefined): LanguageModelV3FinishReason {
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

export function toUsage(usage: OpenAIUsage | null | undefined): LanguageModelV3Usage {
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

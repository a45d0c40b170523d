import {
  type LanguageModelV3CallOptions,
  type LanguageModelV3Prompt,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';

/**
 * The chat-completions request for a call: text and images only (tools are refused). A call that asks for
 * JSON of a schema carries it as `response_format: { type: 'json_schema' }` (OpenAI, vLLM, Ollama,
 * llama.cpp's server and LM Studio accept it), unless `nativeJson` is false: the server refused it once.
 */
export function requestBody(
  modelId: string,
  options: LanguageModelV3CallOptions,
  stream: boolean,
  nativeJson = true,
) {
  if (options.tools?.length) throw new UnsupportedFunctionalityError({ functionality: 'tools' });
  const format = options.responseFormat;
  const schema = nativeJson && format?.type === 'json' ? format.schema : undefined;
  return {
    model: modelId,
    messages: toOpenAIMessages(options.prompt),
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    stop: options.stopSequences,
    ...(schema
      ? {
          response_format: { type: 'json_schema', json_schema: { name: 'respuesta', schema, strict: false } },
        }
      : {}),
    // Without it streamed answers carry no usage (architecture.md §9).
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  };
}

/** The AI SDK prompt as OpenAI chat messages: text, and images as data URLs (or their URL). */
function toOpenAIMessages(prompt: LanguageModelV3Prompt) {
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
